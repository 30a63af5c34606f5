import GLBackend
import SceneCore
import SceneCoreTestSupport
import Testing

@testable import demo_window

/// The turning cube: six single-sided faces placed by their own transforms under a container
/// whose sublayerTransform turns them and adds perspective; faces turned away are not drawn.
@Suite struct PerspectiveSceneTests {
    let size = CGSize(width: 400, height: 300)

    func color(_ face: String) -> CGColor {
        PerspectiveScene.faces.first { $0.name == face }!.color
    }

    @Test func sixSingleSidedFacesHalfAnEdgeOutFromTheCentre() throws {
        let root = PerspectiveScene.make(size)
        let cube = try #require(root.descendant(named: "cube"))
        let faces = cube.sublayers ?? []
        #expect(faces.map(\.name) == ["front", "right", "top", "left", "bottom", "back"])
        let half = cube.bounds.width / 2
        for face in faces {
            #expect(!face.isDoubleSided)
            #expect(face.position == CGPoint(x: half, y: half))
            // The face's centre lies half an edge from the cube's centre.
            let t = face.transform
            #expect(isClose((t.m41 * t.m41 + t.m42 * t.m42 + t.m43 * t.m43).squareRoot(), half), "\(face.name ?? "")")
        }
        let front = try #require(faces.first)
        #expect(
            isClose(front.transform.m43, half) && isClose(front.transform.m41, 0) && isClose(front.transform.m42, 0))
    }

    @Test func theContainerCarriesPerspectiveAndAFullTurnEveryPeriod() throws {
        let root = PerspectiveScene.make(size)
        let cube = try #require(root.descendant(named: "cube"))
        let start = cube.sublayerTransform
        // A rotation followed by m34 = -1/500: the last column is -1/500 times the rotation's
        // third column, a unit vector, and there is no translation.
        let m = start
        #expect(isClose((m.m14 * m.m14 + m.m24 * m.m24 + m.m34 * m.m34).squareRoot(), 1.0 / 500))
        #expect(m.m34 < 0 && m.m44 == 1 && m.m41 == 0 && m.m42 == 0 && m.m43 == 0)
        PerspectiveScene.turn(root, at: PerspectiveScene.period / 2)
        #expect(!isClose(cube.sublayerTransform, start, tolerance: 0.5))
        PerspectiveScene.turn(root, at: PerspectiveScene.period)
        #expect(isClose(cube.sublayerTransform, start, tolerance: 1e-12))
    }

    @Test func backFacesAreCulled() throws {
        let root = PerspectiveScene.make(size)
        let image = try render(root)
        // The back face is last in `sublayers`: if it were drawn, it would cover the front.
        expectPixel(image, at: CGPoint(x: 200, y: 160), opaque(color("front")), tolerance: 2)
        for hidden in ["back", "right", "bottom"] {
            #expect(count(color(hidden), in: image) == 0, "\(hidden)")
        }
        for shown in ["front", "left", "top"] {
            #expect(count(color(shown), in: image) > 1000, "\(shown)")
        }
    }

    @Test func halfATurnLaterTheBackFaceShowsAndTheFrontIsCulled() throws {
        let root = PerspectiveScene.make(size)
        PerspectiveScene.turn(root, at: PerspectiveScene.period / 2)
        let image = try render(root)
        expectPixel(image, at: CGPoint(x: 200, y: 160), opaque(color("back")), tolerance: 2)
        for hidden in ["front", "left", "bottom"] {
            #expect(count(color(hidden), in: image) == 0, "\(hidden)")
        }
        #expect(count(color("right"), in: image) > 1000)
    }
}
