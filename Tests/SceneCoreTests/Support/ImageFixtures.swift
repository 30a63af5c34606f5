import CSceneCoreImageCodecs
import Foundation

@testable import SceneCore

/// Images and encoded data built in code for the codec tests.
enum ImageFixtures {
    /// A 3x2 image, straight RGBA: opaque red, green, blue; half-transparent orange,
    /// fully transparent, and a faint white.
    static let straight3x2: [UInt8] = [
        255, 0, 0, 255, /**/ 0, 255, 0, 255, /**/ 0, 0, 255, 255,
        200, 100, 50, 128, /**/ 0, 0, 0, 0, /**/ 255, 255, 255, 1,
    ]

    static func image3x2() -> CGImage { CGImage(rgbaPixels: straight3x2, width: 3, height: 2)! }

    /// A 16x16 opaque image in four 8x8 quadrants: red, green / blue, white.
    static func quadrants() -> CGImage {
        var pixels = [UInt8]()
        for y in 0..<16 {
            for x in 0..<16 {
                pixels += quadrantColour(x: x, y: y) + [255]
            }
        }
        return CGImage(rgbaPixels: pixels, width: 16, height: 16)!
    }

    static func quadrantColour(x: Int, y: Int) -> [UInt8] {
        switch (x < 8, y < 8) {
        case (true, true): [255, 0, 0]
        case (false, true): [0, 255, 0]
        case (true, false): [0, 0, 255]
        case (false, false): [255, 255, 255]
        }
    }

    /// A CMYK JPEG (TurboJPEG writes it as YCCK), which SceneCore does not decode.
    static func cmykJPEG() -> Data {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        let pixels = [UInt8](repeating: 64, count: 8 * 8 * 4)
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { tjFree(output) }
        let status = tjCompress2(
            handle, pixels, 8, 0, 8, Int32(TJPF_CMYK.rawValue), &output, &size,
            Int32(TJSAMP_444.rawValue), 90, 0)
        precondition(status == 0 && output != nil)
        return Data(bytes: output!, count: Int(size))
    }

    /// `png` with its IHDR width and height replaced and the chunk's CRC recomputed.
    static func png(_ png: Data, claimingWidth width: UInt32, height: UInt32) -> Data {
        var bytes = [UInt8](png)
        // Signature (8), length (4), "IHDR" (4), then width and height, big-endian.
        for (i, value) in [width, height].enumerated() {
            for k in 0..<4 { bytes[16 + i * 4 + k] = UInt8(truncatingIfNeeded: value >> (24 - 8 * k)) }
        }
        let crc = crc32(bytes[12..<29])
        for k in 0..<4 { bytes[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
        return Data(bytes)
    }

    /// A 16x16 progressive JPEG with 4:2:0 chroma subsampling, of the quadrants.
    static func progressiveJPEG() -> Data {
        let handle = tjInitCompress()!
        defer { tjDestroy(handle) }
        let pixels = quadrants().pixels
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        defer { tjFree(output) }
        let status = tjCompress2(
            handle, pixels, 16, 0, 16, Int32(TJPF_RGBA.rawValue), &output, &size,
            Int32(TJSAMP_420.rawValue), 90, TJFLAG_PROGRESSIVE)
        precondition(status == 0 && output != nil)
        return Data(bytes: output!, count: Int(size))
    }

    /// `jpeg` with the height and width in its first SOF0 or SOF2 segment replaced.
    static func jpeg(_ jpeg: Data, claimingWidth width: UInt16, height: UInt16) -> Data {
        var bytes = [UInt8](jpeg)
        let sof = (0..<bytes.count - 1).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) }!
        // Marker (2), length (2), precision (1), then height and width, big-endian.
        bytes[sof + 5] = UInt8(height >> 8)
        bytes[sof + 6] = UInt8(height & 0xFF)
        bytes[sof + 7] = UInt8(width >> 8)
        bytes[sof + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    /// The CRC-32 PNG uses (ISO 3309), bit by bit.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
