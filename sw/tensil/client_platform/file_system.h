// The FatFs API (ff.h) over host files: the SD card of the board is a
// folder of the host. A FatFs path ("0:/model.tmodel", "/model.tmodel" or
// "model.tmodel") names the file of that name below the root folder.
#pragma once

#include <string>

#include "sw/tensil/client_platform/include/ff.h"

namespace acosim::tensil::client {

class FileSystem {
 public:
  explicit FileSystem(std::string root);

  const std::string& root() const { return m_root; }
  // FR_INVALID_NAME for a path that leaves the root ("..").
  FRESULT host_path(const char* path, std::string& host) const;

  FRESULT open(FIL* file, const char* path, BYTE mode) const;
  FRESULT close(FIL* file) const;
  FRESULT read(FIL* file, void* buffer, UINT bytes, UINT* read) const;
  FRESULT write(FIL* file, const void* buffer, UINT bytes, UINT* written) const;
  FRESULT seek(FIL* file, FSIZE_t offset) const;
  FRESULT sync(FIL* file) const;
  FRESULT stat(const char* path, FILINFO* info) const;
  FRESULT unlink(const char* path) const;

 private:
  std::string m_root;
};

// "FR_NO_FILE" for FR_NO_FILE, for messages.
const char* fresult_name(int result);

}  // namespace acosim::tensil::client
