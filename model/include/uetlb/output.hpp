// Output files written safely, shared by the project's programs.
//
// Before any work: every output path is checked (not empty, not a folder, a device or anything else that
// is not a regular file, its folder present) and no two outputs, and no output and an input, are one
// file. While writing: each output goes to a temporary name beside it ("NAME.partial-PID") and is renamed
// over NAME only once complete and closed without error, so a failed run leaves nothing that looks like
// a result, and a path that was not a regular file is never replaced. A character device or a pipe
// (/dev/null, /dev/stdout) is written in place when the program writes the stream itself, with every
// write checked; a writer that opens its file itself (a waveform) gets a regular file or nothing.
#pragma once

#include <fstream>
#include <stdexcept>
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
/// folder, or its folder does not exist; and when it names (or links to) a device or a pipe unless
/// `stream_device` (a character device or a pipe written in place: /dev/null, /dev/stdout).
void check_output(const std::string& what, const std::string& path, bool stream_device = false);

/// Why `path` cannot be read as an input file ("does not exist", "is a folder, not a file", ...), or ""
/// when it can.
std::string unreadable(const std::string& path);

/// Checks that no two of `paths` are one file, where at least one of the two is an output (inputs that
/// exist are compared by identity, so links and "./x" against "x" count as the same file).
void check_distinct(const std::vector<Path>& paths);

/// Creates folder `dir` and any missing parents (as mkdir -p); throws OutputError naming `what` when
/// `dir` is empty or a component exists and is not a folder.
void make_dirs(const std::string& what, const std::string& dir);

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
  /// finish(), then renames the file into place.
  void commit();

 private:
  std::string what_, path_, temp_;
  std::ofstream out_;
  bool done_ = false;
  bool in_place_ = false;
};

}  // namespace uetlb::output
