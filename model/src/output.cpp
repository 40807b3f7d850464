#include "uetlb/output.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace uetlb::output {
namespace {

std::string quoted(const std::string& what, const std::string& path) {
  return what + " '" + path + "'";
}

// A character device or a pipe (written in place).
bool is_stream_device(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode));
}

// The folder part of a path ("." when it has none).
std::string folder_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

// A path with its folders' links and "." and ".." resolved (the file itself need not exist).
std::string resolved(const std::string& path) {
  std::error_code ec;
  const auto p = std::filesystem::weakly_canonical(std::filesystem::absolute(path, ec), ec);
  return ec ? path : p.string();
}

}  // namespace

void check_output(const std::string& what, const std::string& path, bool stream_device) {
  if (path.empty()) throw OutputError(what + ": an empty path names no file");
  if (path.back() == '/') throw OutputError(quoted(what, path) + " names a folder, not a file");
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw OutputError(quoted(what, path) + " is a folder, not a file");
    if (stream_device && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) return;
    if (!S_ISREG(st.st_mode)) {
      throw OutputError(quoted(what, path) +
                        " exists and is not a regular file (a device, a pipe or a socket): refusing to replace it");
    }
  } else if (errno != ENOENT) {
    throw OutputError(quoted(what, path) + ": " + std::strerror(errno));
  }
  const std::string dir = folder_of(path);
  struct stat ds {};
  if (::stat(dir.c_str(), &ds) != 0)
    throw OutputError(quoted(what, path) + ": its folder '" + dir + "' does not exist");
  if (!S_ISDIR(ds.st_mode)) throw OutputError(quoted(what, path) + ": '" + dir + "' is not a folder");
}

std::string unreadable(const std::string& path) {
  if (path.empty()) return "is empty: it names no file";
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return errno == ENOENT ? "does not exist" : std::strerror(errno);
  if (S_ISDIR(st.st_mode)) return "is a folder, not a file";
  if (::access(path.c_str(), R_OK) != 0) return "cannot be read: " + std::string(std::strerror(errno));
  return "";
}

void check_distinct(const std::vector<Path>& paths) {
  struct Id {
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    bool null = false;  // /dev/null (or a link to it): any number of outputs may be discarded there
  };
  std::vector<Id> ids(paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) {
    struct stat st {};
    if (!paths[i].path.empty() && ::stat(paths[i].path.c_str(), &st) == 0) {
      struct stat null_st {};
      const bool null = S_ISCHR(st.st_mode) && ::stat("/dev/null", &null_st) == 0 && st.st_rdev == null_st.st_rdev;
      ids[i] = {true, st.st_dev, st.st_ino, null};
    }
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    for (std::size_t j = i + 1; j < paths.size(); ++j) {
      if (!paths[i].is_output && !paths[j].is_output) continue;
      if (paths[i].path.empty() || paths[j].path.empty()) continue;
      if (ids[i].null && ids[j].null && paths[i].is_output && paths[j].is_output) continue;
      const bool same = (ids[i].exists && ids[j].exists) ? ids[i].dev == ids[j].dev && ids[i].ino == ids[j].ino
                                                         : resolved(paths[i].path) == resolved(paths[j].path);
      if (same) {
        throw OutputError(quoted(paths[i].what, paths[i].path) + " and " + quoted(paths[j].what, paths[j].path) +
                          " are one file: " +
                          (paths[i].is_output && paths[j].is_output ? "two outputs would interleave"
                                                                    : "the output would overwrite the input"));
      }
    }
  }
}

void make_dirs(const std::string& what, const std::string& dir) {
  if (dir.empty()) throw OutputError(what + ": an empty path names no folder");
  std::string part;
  std::size_t pos = 0;
  while (pos != std::string::npos) {
    const std::size_t slash = dir.find('/', pos);
    part = dir.substr(0, slash);
    pos = slash == std::string::npos ? slash : slash + 1;
    if (part.empty()) continue;  // the root
    struct stat st {};
    if (::stat(part.c_str(), &st) == 0) {
      if (!S_ISDIR(st.st_mode)) throw OutputError(quoted(what, dir) + ": '" + part + "' exists and is not a folder");
      continue;
    }
    if (::mkdir(part.c_str(), 0755) != 0 && errno != EEXIST) {
      throw OutputError(quoted(what, dir) + ": cannot create '" + part + "': " + std::strerror(errno));
    }
  }
}

AtomicFile::AtomicFile(std::string what, std::string path, bool stream_device)
    : what_(std::move(what)), path_(std::move(path)) {
  check_output(what_, path_, stream_device);
  in_place_ = stream_device && is_stream_device(path_);
  temp_ = in_place_ ? path_ : path_ + ".partial-" + std::to_string(::getpid());
  out_.open(temp_, std::ios::out | std::ios::trunc);
  if (!out_) throw OutputError(quoted(what_, path_) + ": cannot open '" + temp_ + "' for writing");
}

AtomicFile::~AtomicFile() {
  if (done_) return;
  if (out_.is_open()) out_.close();
  if (!in_place_) std::remove(temp_.c_str());
}

void AtomicFile::finish() {
  if (!out_.is_open()) return;
  out_.flush();
  const bool ok = static_cast<bool>(out_);
  out_.close();
  if (!ok || out_.fail()) throw OutputError(quoted(what_, path_) + ": write failed (disk full?)");
}

void AtomicFile::commit() {
  if (done_) return;
  finish();
  done_ = in_place_;
  if (in_place_) return;
  // Checked again: something may have taken the path while the run went on.
  check_output(what_, path_);
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    throw OutputError(quoted(what_, path_) + ": cannot rename '" + temp_ + "' into place: " + std::strerror(errno));
  }
  done_ = true;
}

}  // namespace uetlb::output
