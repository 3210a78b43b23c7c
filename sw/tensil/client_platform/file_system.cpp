#include "sw/tensil/client_platform/file_system.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>

namespace acosim::tensil::client {

namespace {

FRESULT from_errno(int error) {
  switch (error) {
    case ENOENT: return FR_NO_FILE;
    case ENOTDIR: return FR_NO_PATH;
    case EACCES:
    case EPERM:
    case EISDIR: return FR_DENIED;
    case EEXIST: return FR_EXIST;
    case EROFS: return FR_WRITE_PROTECTED;
    case EMFILE:
    case ENFILE: return FR_TOO_MANY_OPEN_FILES;
    case ENAMETOOLONG: return FR_INVALID_NAME;
    default: return FR_DISK_ERR;
  }
}

std::FILE* host_file(const FIL* file) { return static_cast<std::FILE*>(file->host); }

}  // namespace

FileSystem::FileSystem(std::string root) : m_root(std::move(root)) {}

FRESULT FileSystem::host_path(const char* path, std::string& host) const {
  if (path == nullptr) return FR_INVALID_PARAMETER;
  std::string name(path);
  // A logical drive number ("0:") selects the one volume there is.
  const size_t colon = name.find(':');
  if (colon != std::string::npos) {
    if (name.find_first_not_of("0123456789") != colon) return FR_INVALID_DRIVE;
    name = name.substr(colon + 1);
  }
  while (!name.empty() && name.front() == '/') name.erase(0, 1);
  for (const auto& part : std::filesystem::path(name)) {
    if (part == "..") return FR_INVALID_NAME;
  }
  host = (std::filesystem::path(m_root) / name).string();
  return FR_OK;
}

FRESULT FileSystem::open(FIL* file, const char* path, BYTE mode) const {
  if (file == nullptr) return FR_INVALID_OBJECT;
  std::memset(file, 0, sizeof *file);
  std::string host;
  if (const FRESULT result = host_path(path, host); result != FR_OK) return result;
  const bool write = (mode & FA_WRITE) != 0;
  const char* how = "rb";
  if (mode & FA_CREATE_ALWAYS) {
    how = (mode & FA_READ) ? "w+b" : "wb";
  } else if (mode & (FA_OPEN_ALWAYS | FA_CREATE_NEW)) {
    struct stat st {};
    const bool exists = ::stat(host.c_str(), &st) == 0;
    if ((mode & FA_CREATE_NEW) && exists) return FR_EXIST;
    how = exists ? "r+b" : "w+b";
  } else if (write) {
    how = "r+b";
  }
  std::FILE* handle = std::fopen(host.c_str(), how);
  if (handle == nullptr) return from_errno(errno);
  struct stat st {};
  if (::fstat(fileno(handle), &st) != 0 || S_ISDIR(st.st_mode)) {
    std::fclose(handle);
    return FR_NO_FILE;
  }
  if (uint64_t(st.st_size) > std::numeric_limits<FSIZE_t>::max()) {
    std::fclose(handle);
    return FR_DENIED;
  }
  file->host = handle;
  file->flag = mode;
  file->obj.objsize = FSIZE_t(st.st_size);
  if ((mode & FA_OPEN_APPEND) == FA_OPEN_APPEND) return seek(file, file->obj.objsize);
  return FR_OK;
}

FRESULT FileSystem::close(FIL* file) const {
  if (file == nullptr || file->host == nullptr) return FR_INVALID_OBJECT;
  const int failed = std::fclose(host_file(file));
  file->host = nullptr;
  return failed ? FR_DISK_ERR : FR_OK;
}

FRESULT FileSystem::read(FIL* file, void* buffer, UINT bytes, UINT* read) const {
  if (read != nullptr) *read = 0;
  if (file == nullptr || file->host == nullptr) return FR_INVALID_OBJECT;
  if ((file->flag & FA_READ) == 0) return FR_DENIED;
  const size_t got = std::fread(buffer, 1, bytes, host_file(file));
  if (got < bytes && std::ferror(host_file(file))) return FR_DISK_ERR;
  file->fptr += FSIZE_t(got);
  if (read != nullptr) *read = UINT(got);
  return FR_OK;
}

FRESULT FileSystem::write(FIL* file, const void* buffer, UINT bytes, UINT* written) const {
  if (written != nullptr) *written = 0;
  if (file == nullptr || file->host == nullptr) return FR_INVALID_OBJECT;
  if ((file->flag & FA_WRITE) == 0) return FR_DENIED;
  const size_t put = std::fwrite(buffer, 1, bytes, host_file(file));
  if (put < bytes) return FR_DISK_ERR;
  file->fptr += FSIZE_t(put);
  if (file->fptr > file->obj.objsize) file->obj.objsize = file->fptr;
  if (written != nullptr) *written = UINT(put);
  return FR_OK;
}

FRESULT FileSystem::seek(FIL* file, FSIZE_t offset) const {
  if (file == nullptr || file->host == nullptr) return FR_INVALID_OBJECT;
  // FatFs clips a read-only file's pointer at its size.
  if (offset > file->obj.objsize && (file->flag & FA_WRITE) == 0) offset = file->obj.objsize;
  if (std::fseek(host_file(file), long(offset), SEEK_SET) != 0) return FR_DISK_ERR;
  file->fptr = offset;
  return FR_OK;
}

FRESULT FileSystem::sync(FIL* file) const {
  if (file == nullptr || file->host == nullptr) return FR_INVALID_OBJECT;
  return std::fflush(host_file(file)) == 0 ? FR_OK : FR_DISK_ERR;
}

FRESULT FileSystem::stat(const char* path, FILINFO* info) const {
  std::string host;
  if (const FRESULT result = host_path(path, host); result != FR_OK) return result;
  struct stat st {};
  if (::stat(host.c_str(), &st) != 0) return from_errno(errno);
  if (info != nullptr) {
    std::memset(info, 0, sizeof *info);
    info->fsize = FSIZE_t(std::min<uint64_t>(uint64_t(st.st_size), std::numeric_limits<FSIZE_t>::max()));
    info->fattrib = S_ISDIR(st.st_mode) ? AM_DIR : AM_ARC;
    const std::string name = std::filesystem::path(host).filename().string();
    std::snprintf(info->fname, sizeof info->fname, "%s", name.c_str());
  }
  return FR_OK;
}

FRESULT FileSystem::unlink(const char* path) const {
  std::string host;
  if (const FRESULT result = host_path(path, host); result != FR_OK) return result;
  return std::remove(host.c_str()) == 0 ? FR_OK : from_errno(errno);
}

const char* fresult_name(int result) {
  static const char* const kNames[] = {
      "FR_OK",          "FR_DISK_ERR",         "FR_INT_ERR",         "FR_NOT_READY",        "FR_NO_FILE",
      "FR_NO_PATH",     "FR_INVALID_NAME",     "FR_DENIED",          "FR_EXIST",            "FR_INVALID_OBJECT",
      "FR_WRITE_PROTECTED", "FR_INVALID_DRIVE", "FR_NOT_ENABLED",    "FR_NO_FILESYSTEM",    "FR_MKFS_ABORTED",
      "FR_TIMEOUT",     "FR_LOCKED",           "FR_NOT_ENOUGH_CORE", "FR_TOO_MANY_OPEN_FILES", "FR_INVALID_PARAMETER"};
  if (result < 0 || size_t(result) >= sizeof kNames / sizeof kNames[0]) return "FR_?";
  return kNames[result];
}

}  // namespace acosim::tensil::client
