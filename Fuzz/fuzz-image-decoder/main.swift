import CLibFuzzer
import Foundation
import SceneCore

/// Decodes the bytes as an image (PNG or JPEG, by signature). Any input must give an image with a
/// pixel buffer of its size or throw an `ImageError`; a crash, a hang or another error is a finding.
func decode(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let image = try CGImage.decode(data)
        precondition(image.width > 0 && image.height > 0, "decoded an empty image")
        precondition(image.pixels.count >= image.width * image.height * 4, "pixel buffer smaller than the image")
    } catch is ImageError {
        // A clear refusal: what bad bytes should give.
    } catch {
        fatalError("CGImage.decode threw something other than an ImageError: \(error)")
    }
    return 0
}

var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { decode($0, $1) })
