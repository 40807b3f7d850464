#include "uetlb/output.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

namespace uetlb::output {
namespace {

std::string quoted(const std::string& what, const std::string& path) {
  return what + " '" + path + "'";
}

// A path that exists and is not a regular file (a character device, a pipe, a link): written in place.
bool exists_not_regular(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
}

// The last part of a path ("x" for "a/x").
std::string name_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Letters no other process can guess, for a temporary file's name.
std::string random_letters(std::size_t n) {
  static const char kLetters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::random_device rd;
  std::string s;
  for (std::size_t i = 0; i < n; ++i) s += kLetters[rd() % (sizeof kLetters - 1)];
  return s;
}

// The descriptor of standard output or error when `st` is the file it writes (so "--trace /dev/stdout"
// shares its offset with what the program prints), or -1.
int standard_stream_of(const struct stat& st) {
  for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat fs {};
    if (::fstat(fd, &fs) == 0 && fs.st_dev == st.st_dev && fs.st_ino == st.st_ino) return fd;
  }
  return -1;
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
  struct stat ls {};
  if (::lstat(path.c_str(), &ls) == 0 && S_ISLNK(ls.st_mode)) {
    struct stat target {};
    if (::stat(path.c_str(), &target) != 0) {
      throw OutputError(quoted(what, path) + " is a link to nothing (" + std::strerror(errno) +
                        "): refusing to create its target; remove the link or name another file");
    }
    if (!stream_device && !S_ISDIR(target.st_mode)) {
      throw OutputError(quoted(what, path) + " is a link: name a regular file or a new one, not a link");
    }
    // Nothing is written through a link to a file (it may lead out of the output's folder), except the
    // program's own standard output or error (/dev/stdout), which is written through its descriptor.
    if (S_ISREG(target.st_mode) && standard_stream_of(target) < 0) {
      throw OutputError(quoted(what, path) +
                        " is a link to a file: name the file itself (an output is not written through a link)");
    }
  }
  struct stat st {};
  const int found = ::stat(path.c_str(), &st);
  const int stat_error = found == 0 ? 0 : errno;
  if (found == 0 && S_ISDIR(st.st_mode)) throw OutputError(quoted(what, path) + " is a folder, not a file");
  const std::string name = name_of(path);
  if (name.empty() || name == "." || name == "..")
    throw OutputError(quoted(what, path) + " names a folder, not a file");
  if (found == 0) {
    if (stream_device && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) return;
    if (!S_ISREG(st.st_mode)) {
      throw OutputError(quoted(what, path) +
                        " exists and is not a regular file (a device, a pipe or a socket): refusing to replace it");
    }
  } else if (stat_error != ENOENT) {
    throw OutputError(quoted(what, path) + ": " + std::strerror(stat_error));
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
  if (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
    return "is a device or a socket, not a file (only regular files and pipes are read)";
  }
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

FdBuf::FdBuf(int fd) : fd_(fd), buf_(new char[kSize]) {
  setp(buf_.get(), buf_.get() + kSize);
}

FdBuf::~FdBuf() {
  close();
}

bool FdBuf::write_all(const char* p, std::size_t n) {
  while (n > 0 && error_ == 0) {
    const ssize_t w = ::write(fd_, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      error_ = w < 0 ? errno : EIO;
      break;
    }
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return error_ == 0;
}

bool FdBuf::drain() {
  const bool ok = fd_ < 0 || write_all(pbase(), static_cast<std::size_t>(pptr() - pbase()));
  setp(buf_.get(), buf_.get() + kSize);
  return ok;
}

FdBuf::int_type FdBuf::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize FdBuf::xsputn(const char* s, std::streamsize n) {
  if (n < static_cast<std::streamsize>(epptr() - pptr())) {
    std::memcpy(pptr(), s, static_cast<std::size_t>(n));
    pbump(static_cast<int>(n));
    return n;
  }
  if (!drain() || !write_all(s, static_cast<std::size_t>(n))) return 0;
  return n;
}

int FdBuf::sync() {
  return drain() ? 0 : -1;
}

int FdBuf::close() {
  if (fd_ < 0) return error_;
  drain();
  if (::close(fd_) != 0 && error_ == 0) error_ = errno;
  fd_ = -1;
  return error_;
}

AtomicFile::AtomicFile(std::string what, std::string path, bool stream_device)
    : what_(std::move(what)), path_(std::move(path)) {
  check_output(what_, path_, stream_device);
  in_place_ = stream_device && exists_not_regular(path_);
  int fd = -1;
  if (in_place_) {
    // A device, a pipe or a link: written through, never replaced. Standard output (or error) itself is
    // written through its own descriptor, so what the program prints does not overwrite the records.
    temp_ = path_;
    struct stat st {};
    const int standard = ::stat(path_.c_str(), &st) == 0 ? standard_stream_of(st) : -1;
    if (standard >= 0) {
      fd = ::fcntl(standard, F_DUPFD_CLOEXEC, 3);
    } else {
      const int trunc = S_ISREG(st.st_mode) ? O_TRUNC : 0;
      fd = ::open(path_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC | trunc);
    }
    if (fd < 0) throw OutputError(quoted(what_, path_) + ": cannot open for writing: " + std::strerror(errno));
  } else {
    // A new file beside the target, under a name no one can plant a link at beforehand.
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
      temp_ = path_ + ".partial-" + random_letters(12);
      fd = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0666);
      if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
      throw OutputError(quoted(what_, path_) + ": cannot create a temporary file beside it: " + std::strerror(errno));
    }
  }
  buf_ = std::make_unique<FdBuf>(fd);
  out_.rdbuf(buf_.get());
  open_ = true;
}

AtomicFile::~AtomicFile() {
  if (done_) return;
  if (buf_) buf_->close();
  if (!in_place_ && !temp_.empty()) ::unlink(temp_.c_str());
}

void AtomicFile::finish() {
  if (!open_) return;
  open_ = false;
  const bool stream_ok = static_cast<bool>(out_);
  const int error = buf_->close();
  if (!stream_ok || error != 0) {
    throw OutputError(quoted(what_, path_) + ": write failed: " +
                      (error != 0 ? std::string(std::strerror(error)) : std::string("the stream failed")) +
                      (error == ENOSPC ? " (disk full)" : ""));
  }
}

void AtomicFile::commit(bool replace) {
  if (done_) return;
  finish();
  done_ = in_place_;
  if (in_place_) return;
  // Checked again: something may have taken the path while the run went on. Only a regular file (or
  // nothing) is ever replaced.
  struct stat st {};
  if (::lstat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    throw OutputError(quoted(what_, path_) +
                      " is no longer a regular file (something took its place during the run): not replaced");
  }
  if (!replace) {
    // A hard link fails if the name was taken meanwhile; a file system without hard links gets the
    // check above and a rename.
    if (::link(temp_.c_str(), path_.c_str()) == 0) {
      ::unlink(temp_.c_str());
    } else if (errno == EPERM || errno == ENOTSUP || errno == EOPNOTSUPP || errno == EMLINK) {
      if (::lstat(path_.c_str(), &st) == 0) {
        throw OutputError(quoted(what_, path_) + " appeared during the run: not replaced");
      }
      if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
        throw OutputError(quoted(what_, path_) + ": cannot rename '" + temp_ + "' into place: " + std::strerror(errno));
      }
    } else {
      throw OutputError(quoted(what_, path_) + ": cannot put it in place: " + std::strerror(errno));
    }
  } else if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    throw OutputError(quoted(what_, path_) + ": cannot rename '" + temp_ + "' into place: " + std::strerror(errno));
  }
  done_ = true;
}

}  // namespace uetlb::output
