import Foundation
import Testing
@testable import SceneCore

@Suite struct Transform3DTests {
    @Test func translateAppliesBeforeTheTransform() {
        let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 10, 0, 0)
        #expect(t.m41 == 20)
    }
}
