// Output files written safely, shared by the project's programs.
//
// Before any work: every output path is checked (not empty, not a folder, not a link to nothing, not a
// device or anything else that is not a regular file, its folder present) and no two outputs, and no
// output and an input, are one file. While writing: each output goes to a new temporary file beside it
// ("NAME.partial-" and random letters, created exclusively: an existing file or link there is never
// opened) and is renamed over NAME only once complete and closed without error, so a failed run leaves
// nothing that looks like a result. Only a regular file or nothing is ever replaced: a character device
// or a pipe, or a link to one (/dev/null, /dev/full), is written in place when the program writes the
// stream itself, with every write checked, and /dev/stdout through the program's own descriptor; no
// other link to a file is written through (refused); a writer that opens its file itself (a waveform)
// gets a regular file or nothing.
#pragma once

#include <fstream>  // (for the programs that include only this header)
#include <memory>
#include <ostream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <vector>

namespace uetlb::output {

/// A path a program may not write (what, path, and why), or an output that failed while written.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// One file a program reads or writes, named by the option or key that gave it.
struct Path {
  std::string what;  ///< "--trace", "records folder", ...
  std::string path;
  bool is_output = true;
};

/// Checks one output file's path: throws OutputError naming `what` and the path when it is empty, names a
/// folder (also "x/", "x/." and "x/.."), is a link to nothing or to a file (other than the program's own
/// standard output or error), or its folder does not exist; and when it names a device, a pipe or a link
/// unless `stream_device` (written in place: /dev/null, /dev/stdout).
void check_output(const std::string& what, const std::string& path, bool stream_device = false);

/// Why `path` cannot be read as an input file ("does not exist", "is a folder, not a file", "is a device,
/// not a file", ...), or "" when it can: a regular file or a pipe (a device such as /dev/zero would be read
/// for ever).
std::string unreadable(const std::string& path);

/// Checks that no two of `paths` are one file, where at least one of the two is an output (inputs that
/// exist are compared by identity, so links and "./x" against "x" count as the same file).
void check_distinct(const std::vector<Path>& paths);

/// Creates folder `dir` and any missing parents (as mkdir -p); throws OutputError naming `what` when
/// `dir` is empty or a component exists and is not a folder.
void make_dirs(const std::string& what, const std::string& dir);

/// An output stream buffer over a file descriptor it owns; a failed write is kept (errno) for finish().
class FdBuf : public std::streambuf {
 public:
  explicit FdBuf(int fd);
  FdBuf(const FdBuf&) = delete;
  FdBuf& operator=(const FdBuf&) = delete;
  ~FdBuf() override;
  /// Writes what is buffered and closes the descriptor; the first error's errno, or 0.
  int close();

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool drain();
  bool write_all(const char* p, std::size_t n);
  static constexpr std::size_t kSize = std::size_t{1} << 16;
  int fd_;
  int error_ = 0;
  std::unique_ptr<char[]> buf_;
};

/// A file written under a temporary name and renamed over its path by commit(). Destroyed without
/// commit(), it removes the temporary file. Every write is checked at commit().
class AtomicFile {
 public:
  /// `what` names the output in errors. Checks the path (check_output) and opens the temporary file;
  /// with `stream_device`, a character device or pipe is opened in place instead.
  AtomicFile(std::string what, std::string path, bool stream_device = true);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();

  std::ostream& stream() { return out_; }
  /// The temporary file's path (for writers that open the file themselves, such as a waveform writer:
  /// then call commit() after they closed it).
  const std::string& temp_path() const { return temp_; }
  const std::string& path() const { return path_; }
  /// Flushes and closes the stream and checks that every write succeeded (throws OutputError if not).
  /// A program with several outputs finishes them all before it commits any.
  void finish();
  /// finish(), then renames the file into place. With `replace` false, a file that appeared at the path
  /// meanwhile is not replaced (OutputError instead).
  void commit(bool replace = true);

 private:
  std::string what_, path_, temp_;
  std::unique_ptr<FdBuf> buf_;
  std::ostream out_{nullptr};
  bool open_ = false;
  bool done_ = false;
  bool in_place_ = false;
};

}  // namespace uetlb::output
