#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pipe the query worker writes to when its result is ready, so that the loop waiting for keys
/// wakes at once instead of polling the worker on a timer. Without a pipe (no descriptors left)
/// every wait simply lasts its timeout, and the loop keeps its timeouts short.
final class Wakeup: Sendable {
    /// What ended a wait.
    enum Readiness: Equatable {
        /// `signal()` was called (and the pipe drained).
        case woken
        /// The watched descriptor has input (or was closed, or a signal such as SIGWINCH arrived).
        case input
        /// Neither, within the timeout.
        case timedOut
    }

    private let readEnd: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// False when no pipe could be made: waits then only end on input or timeout.
    var isWorking: Bool { readEnd >= 0 }

    /// Wakes the waiting loop (from any thread). A full pipe is already readable: nothing lost.
    func signal() {
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Waits up to `timeout` milliseconds (nil: no limit) for `signal()` or, when given, input on
    /// `descriptor`. A signal found is consumed.
    func wait(orInputOn descriptor: Int32? = nil, timeout: Int?) -> Readiness {
        var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        if let descriptor { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), Int32(clamping: timeout ?? -1))
        if ready < 0 { return descriptor == nil ? .timedOut : .input }  // EINTR: a signal (SIGWINCH)
        if fds[0].revents != 0 {
            drain()
            return .woken
        }
        if fds.count > 1 && fds[1].revents != 0 { return .input }
        return .timedOut
    }

    private func drain() {
        var bytes = (UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(readEnd, $0.baseAddress, $0.count) }) > 0 {}
    }
}
