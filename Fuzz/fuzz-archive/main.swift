import CLibFuzzer
import Foundation
import SceneCore

/// The classes an archive's root may be: every class SceneCore archives.
let rootClasses: [AnyClass] = [
    CALayer.self, CAAnimation.self, CAEmitterCell.self, CAMediaTimingFunction.self, CAValueFunction.self,
    CAFilter.self,
]

/// Decodes the bytes as a keyed archive through `SecureUnarchiver`. Any input must give an object,
/// nil or a thrown error; a crash, a hang or a sanitizer report is a finding.
func decode(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let root = try? SecureUnarchiver.unarchivedObject(ofClasses: rootClasses, from: data)
    // What was decoded is usable: a layer's tree and values can be read.
    if let layer = root as? CALayer {
        _ = layer.sublayers?.count
        _ = layer.mask
        _ = layer.presentation()
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "--write-seeds" {
    do {
        try SeedArchives.write(to: URL(fileURLWithPath: CommandLine.arguments[2]))
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("fuzz-archive: cannot write the seeds: \(error)\n".utf8))
        exit(1)
    }
}
exit(LLVMFuzzerRunDriver(&argc, &argv) { decode($0, $1) })
