import Foundation
import SceneCore
import Testing

// The samples of "The render server" (SceneCore.docc).

@Suite struct RenderServerSamples {
    @Test func commitsFromAThreadWithoutARunLoop() async {
        let layer = CALayer()
        let left = CALayer()
        let right = CALayer()
        CATransaction.flush()

        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            nonisolated(unsafe) let badge = layer  // layers are safe on any thread; Swift cannot see it
            Thread {
                CATransaction.begin()
                badge.opacity = 0
                CATransaction.commit()  // no run loop turns on this thread: commit explicitly

                badge.isHidden = true
                CATransaction.flush()  // or flush the implicit transaction
                done.resume()
            }.start()
        }

        CATransaction.lock()  // no other thread's commit can come between these two changes
        left.position.x += 10
        right.position.x -= 10
        CATransaction.unlock()

        #expect(layer.opacity == 0 && layer.isHidden)
        #expect(left.position.x == 10 && right.position.x == -10)
    }
}
