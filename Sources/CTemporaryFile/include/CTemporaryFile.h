#ifndef ASSOC_CTEMPORARYFILE_H
#define ASSOC_CTEMPORARYFILE_H

/// The temporary file a process is writing (an export, an extract), removed when a signal ends
/// the process: what a signal handler may do (`unlink`), in C, where it is safe.

/// Remembers `path` as the file to remove (NULL: none). Longer than 4095 bytes: not remembered.
void assoc_track_temporary_file(const char *path);

/// Removes the remembered file, if any. Async-signal-safe: for signal handlers.
void assoc_unlink_tracked_temporary_file(void);

/// SIGINT, SIGTERM, SIGHUP and SIGQUIT remove the remembered file, then end the process as the
/// signal would have; SIGXFSZ is ignored, so that a file size limit fails a write (an error the
/// writer reports and cleans up after) instead of killing the process. For the command line.
void assoc_remove_temporary_file_on_signals(void);

#endif
