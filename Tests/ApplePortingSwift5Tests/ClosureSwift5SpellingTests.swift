import Foundation
import SceneCore
import XCTest

/// The closures public code writes, in the Swift 5 language mode most of it was written in.
final class ClosureSwift5SpellingTests: XCTestCase {
    final class Spinner {
        let layer = CALayer()
        var ticks = 0
        var link: CADisplayLink?

        func start() {
            link = CADisplayLink(target: self, selector: Spinner.step)
            CATransaction.begin()
            CATransaction.setCompletionBlock { [weak self] in self?.layer.removeAllAnimations() }
            layer.add(CABasicAnimation(keyPath: "transform.rotation.z"), forKey: "spin")
            CATransaction.commit()
        }

        func step(_ link: CADisplayLink) { ticks += 1 }
    }

    func testCompletionBlocksAndDisplayLinksTakeNonSendableClosures() {
        let spinner = Spinner()
        spinner.start()
        XCTAssertNotNil(spinner.link)
        spinner.link?.invalidate()
        XCTAssertEqual(spinner.layer.animationKeys(), ["spin"])
    }
}
