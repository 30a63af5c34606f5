import Foundation

/// Whether the test process runs under ThreadSanitizer or AddressSanitizer (`scripts/sanitize.sh`):
/// their runtimes are linked in, and their shadow memory adds page faults and resident memory of
/// its own to every allocation, so counts of those only mean something without them.
public let runsUnderSanitizer: Bool = {
    let process = dlopen(nil, RTLD_NOW)
    defer { if let process { dlclose(process) } }
    return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
}()
