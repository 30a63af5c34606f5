import CSceneCoreGL
import Foundation
import SceneCoreTestSupport
import Synchronization
import Testing

@testable import GLBackend
@testable import SceneCore

/// Shader programs compiled on demand (`ProgramCache`): a renderer compiles a variant the first
/// time a frame draws with it and only then, every variant a renderer may ask for compiles, and
/// one that does not is logged once and left out.
@Suite struct ShaderProgramTests {
    let redColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blueColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// Runs `change` without implicit animations (a fade would draw through a group).
    func withoutActions(_ change: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        change()
        CATransaction.commit()
    }

    /// A layer blurred by a Gaussian blur filter of `radius`.
    func blurred(_ frame: CGRect, radius: CGFloat) -> CALayer {
        let layer = solidLayer(frame, blueColor)
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(radius, forKey: "inputRadius")
        layer.filters = [blur]
        return layer
    }

    @Test func aRendererCompilesTheProgramsItDrawsWithAndNoOthers() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 120, height: 60))
        let renderer = try OffscreenRenderer(width: 120, height: 60)
        #expect(try renderer.compiledPrograms() == 0)
        _ = try renderer.render(root)
        #expect(try renderer.compiledPrograms() == 0, "a frame that draws nothing compiles nothing")

        // Plain opaque quads: the untextured, unshaped fill.
        withoutActions {
            root.backgroundColor = CGColor(gray: 1, alpha: 1)
            root.addSublayer(solidLayer(CGRect(x: 4, y: 4, width: 10, height: 10), redColor))
        }
        _ = try renderer.render(root)
        #expect(try renderer.compiledPrograms() == 1)
        _ = try renderer.render(root)
        #expect(try renderer.compiledPrograms() == 1, "a program is compiled once")

        // A rounded layer: the uniform affine fill.
        let rounded = solidLayer(CGRect(x: 20, y: 4, width: 16, height: 16), blueColor)
        rounded.cornerRadius = 4
        withoutActions { root.addSublayer(rounded) }
        _ = try renderer.render(root)
        #expect(try renderer.compiledPrograms() == 2)

        // An axial gradient of two stops: its own variant.
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 40, y: 4, width: 16, height: 16)
        gradient.colors = [redColor, blueColor]
        withoutActions { root.addSublayer(gradient) }
        _ = try renderer.render(root)
        #expect(try renderer.compiledPrograms() == 3)

        // A small blur filter, kept in a bitmap (FrameBuilder+CachedEffects): the blur pass, the
        // draw of its result straight into the bitmap (no composite of the group's own), and the
        // bitmap's textured quad on the frame.
        withoutActions { root.addSublayer(blurred(CGRect(x: 60, y: 4, width: 16, height: 16), radius: 2)) }
        let image = try renderer.render(root)
        #expect(try renderer.compiledPrograms() == 6)
        expectPixel(image, 68, 12, (0, 0, 255, 255), tolerance: 4)

        // A blur wide enough to run on a copy downsampled more than once: the downsampling pass
        // (the last halving is made by the first blur pass).
        withoutActions { root.addSublayer(blurred(CGRect(x: 80, y: 20, width: 30, height: 30), radius: 12)) }
        _ = try renderer.render(root)
        #expect(try renderer.compiledPrograms() == 7)
    }

    /// Every variant of each family (`allCases`: what a renderer may ask for) compiles and links,
    /// each once, through a fresh cache, and nothing is logged.
    @Test func everyVariantCompilesAndLinks() throws {
        let context = try HeadlessGLContext()
        try context.withCurrent {
            let layer = compileEveryVariant(of: LayerProgram.self)
            compileEveryVariant(of: BlurProgram.self)
            compileEveryVariant(of: FilterProgram.self)
            // The colour-writing variants read the opacity; the shaped ones also the viewport size.
            let colour: [LayerProgram.Variant] = [false, true].flatMap { shaped in
                [false, true].map { LayerProgram.Variant.batch(shaped: shaped, textured: $0) }
            }
            #expect(colour.allSatisfy { (layer[$0]?.opacity ?? -1) >= 0 })
            let shapes = colour.filter(\.shaped) + [.clipMask]
            #expect(shapes.allSatisfy { (layer[$0]?.viewportSize ?? -1) >= 0 })
        }
    }

    /// Asks a fresh cache for every variant of `Program` twice and expects each to compile once,
    /// logging nothing; returns the programs by variant.
    @discardableResult
    func compileEveryVariant<Program: VariantProgram>(of _: Program.Type) -> [Program.Variant: Program] {
        let cache = ProgramCache<Program>()
        let variants = Array(Program.Variant.allCases)
        let (programs, messages) = Diagnostics.capturing {
            variants.compactMap { variant in cache.program(for: variant).map { (variant, $0) } }
        }
        #expect(messages.isEmpty, "\(Program.self): \(messages)")
        #expect(programs.count == variants.count)
        #expect(Set(programs.map { $0.1.program.id }).count == variants.count, "\(Program.self): one program a variant")
        #expect(programs.allSatisfy { glIsProgram($0.1.program.id) == GLboolean(GL_TRUE) })
        #expect(variants.allSatisfy { cache.program(for: $0) != nil })
        #expect(cache.count == variants.count, "\(Program.self): asked again, none compiled anew")
        return Dictionary(uniqueKeysWithValues: programs)
    }

    @Test func anUnusableVariantIsLoggedOnceAndNotCompiledAgain() throws {
        let context = try HeadlessGLContext()
        try context.withCurrent {
            let cache = ProgramCache<UncompilableProgram>()
            let (first, messages) = Diagnostics.capturing { cache.program(for: .broken) }
            #expect(first == nil)
            #expect(messages.count == 1)
            #expect(messages.first?.contains("undeclared") == true, "the info log is logged: \(messages)")
            let (again, later) = Diagnostics.capturing { cache.program(for: .broken) }
            #expect(again == nil)
            #expect(later.isEmpty)
            #expect(UncompilableProgram.attempts.load(ordering: .relaxed) == 1)
            #expect(cache.count == 0)
        }
    }

    @Test func deletedProgramsAreCompiledAgainWhenAFrameDrawsWithThem() throws {
        let context = try HeadlessGLContext()
        let canvas = TestCanvas(width: 4, height: 4)
        let list = canvas.list(drawing: [canvas.rect(x: 0, y: 0, w: 4, h: 4, color: red)])
        try context.withCurrent {
            let renderer = GLRenderer()
            renderer.draw(list)
            let ids = renderer.programs.programs.map(\.program.id)
            #expect(ids.count == 1)
            renderer.deletePrograms()
            #expect(renderer.compiledPrograms == 0)
            #expect(ids.allSatisfy { glIsProgram($0) == GLboolean(GL_FALSE) })
            renderer.draw(list)
            #expect(renderer.compiledPrograms == 1)
            #expect(renderer.statistics.drawCalls == 1)
        }
    }
}

/// A program whose one variant never compiles, counting its attempts.
private struct UncompilableProgram: VariantProgram {
    enum Variant: CaseIterable { case broken }

    static let attempts = Atomic<Int>(0)

    let program: ShaderProgram

    init(_ variant: Variant) throws(GLError) {
        Self.attempts.add(1, ordering: .relaxed)
        program = try ShaderProgram(
            vertexSource: "#version 330 core\nvoid main() { undeclared = 1; }", fragmentSource: "")
    }
}
