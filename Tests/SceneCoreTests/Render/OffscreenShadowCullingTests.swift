import Foundation
import Testing

@testable import SceneCore

/// `shadowPath` shadows wholly off the target are left out of the display list, so the renderer
/// does not rasterise and blur them.
@Suite struct OffscreenShadowCullingTests {
    /// 64 pages of 800 x 1,000 points in a column, each casting a `shadowPath` shadow of radius
    /// 20, scrolled so that the second fills a 400 x 300 target and the first's shadow reaches its
    /// top edge: 2 shadows are drawn
    /// (all 64 were rasterised before, 38–49 s and 2.1 GB for the first frame).
    @Test func onlyTheShadowsThatReachTheTargetAreDrawn() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        let column = CALayer()
        column.frame = CGRect(x: 0, y: -1_050, width: 800, height: 64 * 1_050)
        for index in 0..<64 {
            let page = CALayer()
            page.frame = CGRect(x: 0, y: CGFloat(index) * 1_050, width: 800, height: 1_000)
            page.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            page.shadowOpacity = 0.5
            page.shadowRadius = 20
            page.shadowPath = CGPath(rect: page.bounds, transform: nil)
            column.addSublayer(page)
        }
        root.addSublayer(column)
        let list = displayList(for: root, width: 400, height: 300)
        let shadows = list.commands.filter { if case .drawShadow = $0 { true } else { false } }
        #expect(shadows.count == 2)
    }
}
