import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

@Suite(.tags(.threads)) struct ConcurrencyTests {
    /// Runs `body(index)` on `count` threads at once and waits for all of them.
    func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            Thread.detachNewThread {
                body(index)
                done.leave()
            }
        }
        done.wait()
    }

    @Test func surfacesOnDifferentThreadsRenderWithoutCrossTalk() throws {
        let colours: [SIMD4<Float>] = [
            red, green, blue, premultiplied(1, 1, 0), premultiplied(0, 1, 1), premultiplied(1, 0, 1),
        ]
        let failures = Locked<[String]>([])
        onThreads(colours.count) { index in
            let canvas = TestCanvas(width: 48 + index * 4, height: 32)
            do {
                let surface = try HeadlessSurface(width: canvas.width, height: canvas.height)
                for frame in 0..<15 {
                    let x = Float(frame % 5 * 4)
                    let list = canvas.list(
                        clear: black, [canvas.rect(x: x, y: 8, w: 16, h: 16, color: colours[index])],
                        [.beginGroup, batch(0, 1), .endGroup(opacity: 1)])
                    let image = try surface.render(list)
                    let inside = image.pixel(x: Int(x) + 8, y: 16)
                    let outside = image.pixel(x: Int(x) + 20, y: 16)
                    let colour = colours[index]
                    let expected = [colour.x, colour.y, colour.z].map { UInt8($0 * 255) }
                    if image.width != canvas.width || [inside.r, inside.g, inside.b] != expected
                        || [outside.r, outside.g, outside.b] != [0, 0, 0]
                    {
                        failures.withLock {
                            $0.append("thread \(index) frame \(frame): inside \(inside), outside \(outside)")
                        }
                    }
                }
            } catch {
                failures.withLock { $0.append("thread \(index): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    @Test func oneSurfaceSharedByThreadsSerialisesItsRenders() throws {
        let canvas = TestCanvas(width: 32, height: 32)
        let surface = try HeadlessSurface(width: 32, height: 32)
        let failures = Locked<[String]>([])
        onThreads(4) { index in
            let colour: SIMD4<Float> = index.isMultiple(of: 2) ? red : green
            for _ in 0..<10 {
                do {
                    let image = try surface.render(
                        canvas.list(drawing: [canvas.rect(x: 0, y: 0, w: 32, h: 32, color: colour)]))
                    let pixel = image.pixel(x: 16, y: 16)
                    if (pixel.r, pixel.g) != (colour.x == 1 ? 255 : 0, colour.y == 1 ? 255 : 0) {
                        failures.withLock { $0.append("thread \(index): \(pixel)") }
                    }
                } catch {
                    failures.withLock { $0.append("thread \(index): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }
}
