import CLibFuzzer
import Foundation
import SceneCore
import SceneCoreFuzzSupport

/// Reads the bytes as a random layer program (tree edits, property values, animations, commits,
/// frames at chosen times; see `LayerProgram`), runs it on fresh layers and shows each frame
/// through the commit applier and the frame builder (`CommitProbe`). A crash or a hang is a finding.
/// With `SCENECORE_FUZZ_PRINT=1` each program is printed first (to read what an artifact does).
func runProgram(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var source = ByteRandomSource(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    let program = LayerProgram.random(maximumSteps: 60, using: &source)
    if Options.printsPrograms { FileHandle.standardError.write(Data("\(program)\n".utf8)) }
    let pool = LayerPool(count: program.layerCount)
    let probe = CommitProbe(root: pool.root)
    pool.run(program) { time in _ = probe.frame(at: time) }
    // Delegates hear the frames' animation events, and finished animations leave the model, on
    // the main queue (this is the main thread).
    RunLoop.main.run(until: Date())
    return 0
}

/// What the environment asks of the fuzzer.
enum Options {
    static let printsPrograms = ProcessInfo.processInfo.environment["SCENECORE_FUZZ_PRINT"] == "1"
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { runProgram($0, $1) })
