import Foundation

/// A child process started with `posix_spawn` and reaped with `waitpid`: dependable where
/// Foundation's `Process.waitUntilExit()` can miss a fast child's exit on Linux. The tour
/// starts Xvfb and ImageMagick with it, and the window tests the demo itself.
struct ChildProcess {
    let pid: pid_t

    /// Starts `path` with `arguments` and `environment` added to this process's (the `removed`
    /// variables taken out). Its standard
    /// output and error go to `outputDescriptor`, or are discarded when it is nil.
    init(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], removing removed: [String] = [],
        outputDescriptor: Int32? = nil
    ) throws {
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        for key in removed { env[key] = nil }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let outputDescriptor {
            posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 1)
            posix_spawn_file_actions_adddup2(&actions, outputDescriptor, 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
        self.pid = pid
    }

    /// Waits for the child to end; returns its exit status (or 128 + signal).
    @discardableResult
    func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The exit status if the child has ended (and reaps it), nil while it runs.
    func exitStatus() -> Int32? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Sends SIGTERM, and SIGKILL if the child has not ended within `grace` seconds; reaps it.
    func stop(grace: Double = 2) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        let deadline = Date(timeIntervalSinceNow: grace)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                wait()
                return
            }
            usleep(20_000)
        }
    }
}
