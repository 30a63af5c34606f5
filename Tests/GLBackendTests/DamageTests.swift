import Foundation
import SceneCoreTestSupport
import Testing

@testable import GLBackend
@testable import SceneCore

/// Redrawing only what changed (`FrameDamage`): frames drawn into the last frame's pixels, only
/// within the damaged region, against the same frames drawn whole by a second renderer. They
/// must be identical, pixel for pixel.
@Suite struct DamageTests {
    static let size = (width: 320, height: 200)

    /// 300 still layers (plain, rounded, bordered, a label) and a 48 x 48 spinner turning once a
    /// second from time 1000.
    func scene() -> (root: CALayer, spinner: CALayer, label: CATextLayer) {
        let root = solidLayer(
            CGRect(x: 0, y: 0, width: Self.size.width, height: Self.size.height), CGColor(gray: 0.95, alpha: 1))
        for i in 0..<300 {
            let layer = solidLayer(
                CGRect(x: CGFloat(i % 20) * 16, y: CGFloat(i / 20) * 12, width: 14, height: 10),
                CGColor(red: CGFloat(i % 7) / 7, green: CGFloat(i % 5) / 5, blue: CGFloat(i % 3) / 3, alpha: 1))
            layer.cornerRadius = i % 2 == 0 ? 3 : 0
            layer.borderWidth = i % 3 == 0 ? 1 : 0
            root.addSublayer(layer)
        }
        let label = CATextLayer()
        label.frame = CGRect(x: 10, y: 182, width: 150, height: 16)
        label.fontSize = 12
        label.foregroundColor = CGColor(gray: 0, alpha: 1)
        label.string = "frame 0"
        root.addSublayer(label)
        let spinner = solidLayer(
            CGRect(x: 200, y: 60, width: 48, height: 48), CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1))
        spinner.cornerRadius = 8
        spinner.add(
            basic("transform.rotation.z", from: 0, to: 2 * Double.pi) {
                $0.beginTime = 1000
                $0.repeatCount = .infinity
            }, forKey: "spin")
        root.addSublayer(spinner)
        return (root, spinner, label)
    }

    func renderers() throws -> (damaged: OffscreenRenderer, whole: OffscreenRenderer) {
        let damaged = try OffscreenRenderer(width: Self.size.width, height: Self.size.height)
        damaged.limitsRedrawToDamage = true
        return (damaged, try OffscreenRenderer(width: Self.size.width, height: Self.size.height))
    }

    @Test func aSpinnerOverAStillSceneRedrawsOnlyItsBoxAndMatchesWholeFrames() throws {
        let (root, _, _) = scene()
        let (damaged, whole) = try renderers()
        _ = try damaged.render(root, at: 1000)
        #expect(damaged.statistics.damagedPixels == nil, "the first frame is drawn whole")
        for time in [1000.1, 1000.25, 1000.6] {
            let partial = try damaged.render(root, at: time)
            let full = try whole.render(root, at: time)
            #expect(largestDifference(partial, full) == 0, "at \(time)")
            let pixels = try #require(damaged.statistics.damagedPixels)
            // The spinner's box turned and its box before, each at most 68 pixels a side with
            // the anti-aliasing margin: a small part of the 64,000-pixel target.
            #expect(pixels > 0 && pixels <= 80 * 80, "\(pixels) pixels at \(time)")
            // Only the quads that reach the damage are drawn: the spinner and the cells under it
            // (57 of 407).
            #expect(damaged.statistics.instances * 4 < whole.statistics.instances, "\(damaged.statistics)")
        }
    }

    @Test func twoSpinnersFarApartRedrawTwoRectanglesAndMatchWholeFrames() throws {
        let (root, spinner, _) = scene()
        // A second spinner in the opposite corner: the box around both (about 290 x 170 pixels)
        // is over half the target, which one rectangle would redraw whole.
        let other = solidLayer(
            CGRect(x: 10, y: 10, width: 40, height: 40), CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1))
        other.add(try #require(spinner.animation(forKey: "spin")), forKey: "spin")
        spinner.position = CGPoint(x: 280, y: 160)
        root.addSublayer(other)
        let (damaged, whole) = try renderers()
        _ = try damaged.render(root, at: 1000)
        for time in [1000.1, 1000.35] {
            let partial = try damaged.render(root, at: time)
            let full = try whole.render(root, at: time)
            #expect(largestDifference(partial, full) == 0, "at \(time)")
            #expect(damaged.statistics.damageRects == 2, "\(damaged.statistics)")
            let pixels = try #require(damaged.statistics.damagedPixels)
            // Each spinner's boxes before and after, at most 73 and 62 pixels a side (a side
            // times √2, the anti-aliasing margin, rounded out to whole pixels).
            #expect(pixels > 0 && pixels <= 73 * 73 + 62 * 62, "\(pixels) pixels at \(time)")
        }
    }

    @Test func aFrameThatChangesNothingDrawsNothing() throws {
        let (root, spinner, _) = scene()
        spinner.removeAnimation(forKey: "spin")
        let (damaged, _) = try renderers()
        let first = try damaged.render(root, at: 1000)
        let second = try damaged.render(root, at: 1001)
        #expect(damaged.statistics.damagedPixels == 0)
        #expect(damaged.statistics.drawCalls == 0)
        #expect(second == first)
    }

    @Test func aNewGlyphDamagesItsAtlasPagesBatchAndMatchesAWholeFrame() throws {
        let (root, spinner, label) = scene()
        spinner.removeAnimation(forKey: "spin")
        let (damaged, whole) = try renderers()
        _ = try damaged.render(root, at: 1000)
        // As many glyphs as before: the frame keeps its structure, and the new glyph's upload
        // damages every glyph of its atlas page's batch.
        label.string = "frame 9"
        let partial = try damaged.render(root, at: 1000)
        let full = try whole.render(root, at: 1000)
        #expect(largestDifference(partial, full) == 0)
        #expect(try #require(damaged.statistics.damagedPixels) > 0)
    }

    @Test func aFrameWhoseDamageCoversTheTargetIsDrawnWhole() throws {
        let (root, _, _) = scene()
        // Repeating, as the spinner does, so that nothing here has ended by the media clock:
        // these frames are drawn at chosen times long past.
        func forever(_ animation: CABasicAnimation) -> CABasicAnimation {
            animation.beginTime = 1000
            animation.repeatCount = .infinity
            return animation
        }
        for layer in root.sublayers ?? [] {
            layer.add(forever(basic("position.x", by: 3)), forKey: "nudge")
        }
        // A veil over the whole target, fading: its box is all of it.
        let veil = solidLayer(root.bounds, CGColor(gray: 0, alpha: 0.2))
        veil.add(forever(basic("opacity", from: 1, to: 0.5)), forKey: "fade")
        root.addSublayer(veil)
        let (damaged, whole) = try renderers()
        _ = try damaged.render(root, at: 1000)
        let partial = try damaged.render(root, at: 1000.5)
        #expect(
            damaged.statistics.damagedPixels == nil,
            "the damage reached the whole target: no region; \(damaged.statistics)")
        let full = try whole.render(root, at: 1000.5)
        #expect(largestDifference(partial, full) == 0, "damaged: \(damaged.statistics); whole: \(whole.statistics)")
    }

    /// Effects along the bottom, clear of the spinner and of its reach: a shadowed card, a
    /// `shadowPath` shadow, a blurred group, a backdrop blur, a masked layer, a rasterized layer
    /// and a translucent group.
    func addEffects(to root: CALayer) {
        let origin = CGPoint(x: 10, y: 165)
        func card(_ x: CGFloat, _ configure: (CALayer) -> Void) {
            let card = solidLayer(
                CGRect(x: origin.x + x, y: origin.y, width: 36, height: 30),
                CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1))
            card.addSublayer(solidLayer(CGRect(x: 4, y: 4, width: 12, height: 10), CGColor(gray: 1, alpha: 1)))
            configure(card)
            root.addSublayer(card)
        }
        card(0) {
            $0.shadowOpacity = 0.6
            $0.shadowRadius = 4
        }
        card(44) {
            $0.shadowOpacity = 0.6
            $0.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 36, height: 30), transform: nil)
        }
        card(88) {
            let blur = CAFilter(type: .gaussianBlur)
            blur.setValue(3, forKey: "inputRadius")
            $0.filters = [blur]
        }
        card(132) {
            let blur = CAFilter(type: .gaussianBlur)
            blur.setValue(2, forKey: "inputRadius")
            $0.backgroundColor = CGColor(gray: 1, alpha: 0.3)
            $0.backgroundFilters = [blur]
        }
        card(176) {
            let mask = CALayer()
            mask.frame = CGRect(x: 0, y: 0, width: 20, height: 30)
            mask.backgroundColor = CGColor(gray: 0, alpha: 1)
            $0.mask = mask
        }
        card(220) { $0.shouldRasterize = true }
        card(264) { $0.opacity = 0.5 }
    }

    @Test func aSpinnerClearOfShadowsAndFiltersRedrawsOnlyItsBoxAndMatchesWholeFrames() throws {
        let (root, _, _) = scene()
        addEffects(to: root)
        let (damaged, whole) = try renderers()
        _ = try damaged.render(root, at: 1000)
        for time in [1000.1, 1000.25, 1000.6] {
            let partial = try damaged.render(root, at: time)
            let full = try whole.render(root, at: time)
            #expect(largestDifference(partial, full) == 0, "at \(time)")
            let pixels = try #require(damaged.statistics.damagedPixels, "at \(time)")
            #expect(pixels > 0 && pixels <= 80 * 80, "\(pixels) pixels at \(time)")
            #expect(damaged.statistics.groups == 0, "the effects are left out: \(damaged.statistics)")
            #expect(whole.statistics.groups > 0)
        }
        // Their kept bitmaps and shadows stay for the next frame drawn whole.
        #expect(damaged.statistics.rasterCacheBytes > 0 && damaged.statistics.cachedShadows > 0)
    }

    /// Renders `root` at 1000, then at each of `times`, damage-limited and whole, and expects
    /// the frames to match; returns the damage-limited renderer's statistics of each.
    func partialFrames(of root: CALayer, at times: [Double]) throws -> [FrameStatistics] {
        let (damaged, whole) = try renderers()
        _ = try damaged.render(root, at: 1000)
        return try times.map { time in
            let partial = try damaged.render(root, at: time)
            #expect(try largestDifference(partial, whole.render(root, at: time)) == 0, "at \(time)")
            return damaged.statistics
        }
    }

    @Test func aChangeInsideAnEffectRedrawsTheEffectWholeUnderItsDamage() throws {
        // The spinner casts a shadow from what it draws: it is drawn inside an effect (a
        // bitmap of it and its shadow).
        let (shadowed, spinner, _) = scene()
        addEffects(to: shadowed)
        spinner.shadowOpacity = 0.5
        // A translucent group: drawn offscreen, composited at half opacity.
        let (grouped, groupSpinner, _) = scene()
        groupSpinner.opacity = 0.5
        groupSpinner.addSublayer(solidLayer(CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(gray: 0, alpha: 1)))
        for root in [shadowed, grouped] {
            for statistics in try partialFrames(of: root, at: [1000.1, 1000.3]) {
                let pixels = try #require(statistics.damagedPixels, "\(statistics)")
                // The shadowed spinner is drawn from a 70 x 70 bitmap holding it and its shadow,
                // turned: at most 104 pixels a side, before and after (the group: 72).
                #expect(pixels > 0 && pixels <= 104 * 104, "\(statistics)")
                #expect(statistics.groups + statistics.rasterCacheHits > 0, "the effect is drawn: \(statistics)")
            }
        }
    }

    @Test func aStillEffectTheDamageReachesIsDrawnUnderIt() throws {
        // A still blurred card left of the spinner: clear of its box, but its blur reaches it
        // (a frame drawn under the damage alone would differ from a whole one without it).
        let (root, _, _) = scene()
        addEffects(to: root)
        let card = solidLayer(
            CGRect(x: 140, y: 70, width: 36, height: 30), CGColor(red: 0, green: 0.5, blue: 0, alpha: 1))
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(4, forKey: "inputRadius")
        card.filters = [blur]
        root.addSublayer(card)
        for statistics in try partialFrames(of: root, at: [1000.1, 1000.3]) {
            #expect(try #require(statistics.damagedPixels) <= 80 * 80, "\(statistics)")
            // The card is drawn from its kept bitmap (FrameBuilder+CachedEffects): no group, no blur.
            #expect(statistics.groups == 0 && statistics.filterPasses == 0, "\(statistics)")
        }
        // Scaled by 1.1, its bitmap's pixels would not be the screen's: it is blurred directly.
        card.transform = CATransform3DMakeScale(1.1, 1.1, 1)
        for statistics in try partialFrames(of: root, at: [1000.1, 1000.3]) {
            #expect(try #require(statistics.damagedPixels) <= 80 * 80, "\(statistics)")
            #expect(statistics.groups == 1 && statistics.filterPasses > 0, "only the blurred card: \(statistics)")
        }
    }

    @Test func aChangeReachingABackdropFilterIsDrawnWhole() throws {
        // A frosted card over the spinner's corner reads what lies below it: drawn only under
        // the damage, it would read the last frame's pixels around it.
        let (root, _, _) = scene()
        let frosted = solidLayer(CGRect(x: 230, y: 90, width: 40, height: 40), CGColor(gray: 1, alpha: 0.3))
        let blur = CAFilter(type: .gaussianBlur)
        blur.setValue(2, forKey: "inputRadius")
        frosted.backgroundFilters = [blur]
        root.addSublayer(frosted)
        for statistics in try partialFrames(of: root, at: [1000.1, 1000.3]) {
            #expect(statistics.damagedPixels == nil, "\(statistics)")
        }
    }
}

/// `LayerWindow.showsDamage`'s tint: the region a frame redrew, drawn over in translucent
/// magenta for one frame.
@Suite struct DamageHighlightTests {
    @Test func theTintCoversTheRegionAndNothingElse() throws {
        let root = solidLayer(CGRect(x: 0, y: 0, width: 100, height: 60), CGColor(gray: 1, alpha: 1))
        var builder = CommitBuilder()
        builder.encodeWhole(root, markingCommitted: false)
        var tree = RenderTree()
        tree.apply(builder.finish())
        var walked = FrameBuilder.walk(tree, root: root.layerID, width: 100, height: 60)
        // 20 x 10 pixels from (30, 40) in GL's orientation: rows 10 to 19 from the top.
        let region = PixelRegion(x: 30, y: 40, width: 20, height: 10)
        let surface = try HeadlessSurface(width: 100, height: 60, options: GLRendererOptions())
        let image = try surface.render(walked.finish().highlighting(DamageRegion([region])))
        // White under 35 % magenta: (0.35 + 0.65, 0.65, 0.35 + 0.65).
        expectPixel(image, 30, 10, (255, 166, 255, 255))
        expectPixel(image, 49, 19, (255, 166, 255, 255))
        for (x, y) in [(29, 10), (50, 19), (30, 9), (49, 20)] { expectPixel(image, x, y, (255, 255, 255, 255)) }
    }
}

/// Frames in which only plain leaf layers changed are built by drawing those layers again into
/// the last frame (`FramePatch`), not by walking the tree.
@Suite struct FramePatchTests {
    /// An 8 x 8 image whose red rises and green falls along its 64 pixels.
    static func ramp() -> CGImage? {
        var pixels: [UInt8] = []
        for i in 0..<64 {
            let level = UInt8(i * 4)
            pixels += [level, 255 - level, 128, 255]
        }
        return CGImage(rgbaPixels: pixels, width: 8, height: 8)
    }

    @Test func aSpinnerFrameIsPatchedAndMatchesAWalkedFrame() throws {
        let (root, _, _) = DamageTests().scene()
        let (damaged, whole) = try DamageTests().renderers()
        _ = try damaged.render(root, at: 1000)
        #expect(damaged.lastChangedInstances == nil, "the first frame is walked")
        for time in [1000.1, 1000.25, 1000.6] {
            let partial = try damaged.render(root, at: time)
            #expect(damaged.lastChangedInstances?.count == 1, "at \(time)")
            #expect(largestDifference(partial, try whole.render(root, at: time)) == 0, "at \(time)")
        }
    }

    /// Renders frames of `root` at `times` with a renderer that patches and one that walks every
    /// frame, and returns, for each frame after the first, the instances the patching renderer
    /// drew again (nil for a walked frame).
    func frames(
        of root: CALayer, at times: [Double], between: (Int) -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [[Int]?] {
        let size = DamageTests.size
        let patching = try OffscreenRenderer(width: size.width, height: size.height)
        patching.limitsRedrawToDamage = true
        let walking = try OffscreenRenderer(width: size.width, height: size.height)
        var patched: [[Int]?] = []
        for (index, time) in times.enumerated() {
            if index > 0 { between(index) }
            let image = try patching.render(root, at: time)
            #expect(walking.lastChangedInstances == nil)
            let walked = try walking.render(root, at: time)
            #expect(largestDifference(image, walked) == 0, "frame \(index)", sourceLocation: sourceLocation)
            if index > 0 { patched.append(patching.lastChangedInstances) }
        }
        return patched
    }

    /// A basic animation of `keyPath` repeating for ever from `begin` (one that ends could be
    /// ended by the clock of animations no renderer shows, whose time is the media time).
    func repeating(_ keyPath: String, from: Double, to: Double, beginning begin: Double) -> CABasicAnimation {
        basic(keyPath, from: from, to: to) {
            $0.beginTime = begin
            $0.repeatCount = .infinity
        }
    }

    @Test func aStillFrameIsPatchedWithNothingChanged() throws {
        let (root, spinner, _) = DamageTests().scene()
        spinner.removeAnimation(forKey: "spin")
        #expect(try frames(of: root, at: [1000, 1001]) == [[]])
    }

    @Test func aCommitMakesTheNextFrameWalkTheTree() throws {
        let (root, _, label) = DamageTests().scene()
        let patched = try frames(of: root, at: [1000, 1000.1, 1000.2, 1000.3]) { index in
            if index == 2 { commitWithoutActions { label.string = "frame 2" } }
        }
        #expect(patched.map { $0?.count } == [1, nil, 1])
    }

    @Test func movingAContainerOrAQuadOfAnotherKindWalksTheTree() throws {
        let (root, spinner, _) = DamageTests().scene()
        let group = solidLayer(CGRect(x: 20, y: 120, width: 60, height: 40), CGColor(gray: 0.2, alpha: 1))
        group.addSublayer(solidLayer(CGRect(x: 5, y: 5, width: 10, height: 10), CGColor(gray: 0.8, alpha: 1)))
        group.add(repeating("position.x", from: 50, to: 90, beginning: 1000), forKey: "slide")
        commitWithoutActions { root.addSublayer(group) }
        #expect(try frames(of: root, at: [1000, 1000.1]) == [nil], "a layer with sublayers moved")

        group.removeAnimation(forKey: "slide")
        // A border growing from 0 adds a quad (its ring) the first frame did not draw.
        spinner.add(repeating("borderWidth", from: 0, to: 4, beginning: 1000.05), forKey: "ring")
        #expect(try frames(of: root, at: [1000, 1000.1]) == [nil], "the spinner draws two quads now")
    }

    /// Every layer turning or sliding (plain, rounded, bordered, textured): too many to draw
    /// again, the frames only move their quads (`RenderTree.animatedMoves`), as the walk would.
    @Test func aFieldOfMovingLeavesIsPatchedByMovingTheirQuads() throws {
        let root = solidLayer(
            CGRect(x: 0, y: 0, width: DamageTests.size.width, height: DamageTests.size.height),
            CGColor(gray: 1, alpha: 1))
        let image = Self.ramp()
        for i in 0..<24 {
            let layer = solidLayer(
                CGRect(x: 10 + CGFloat(i % 8) * 38, y: 20 + CGFloat(i / 8) * 60, width: 30, height: 24),
                CGColor(red: CGFloat(i % 4) / 4, green: 0.5, blue: CGFloat(i % 3) / 3, alpha: 0.8))
            layer.cornerRadius = i % 2 == 0 ? 6 : 0
            layer.borderWidth = i % 3 == 0 ? 2 : 0
            if i % 5 == 0 { layer.contents = image }
            if i % 4 == 3 {
                layer.add(repeating("position.y", from: 30, to: 170, beginning: 1000 - Double(i) / 10), forKey: "slide")
            } else {
                layer.add(
                    repeating("transform.rotation.z", from: 0, to: 2 * .pi, beginning: 1000 - Double(i) / 7),
                    forKey: "spin")
            }
            root.addSublayer(layer)
        }
        let patched = try frames(of: root, at: [1000, 1000.1, 1000.35, 1000.8])
        #expect(patched.allSatisfy { $0 != nil }, "\(patched)")
        // Every layer moved: each of its quads differs (24 backgrounds, 8 borders, 5 images).
        #expect(patched.allSatisfy { $0?.count == 24 + 8 + 5 }, "\(patched.map { $0?.count })")
    }

    @Test func movingGradientLayersArePatchedAndTheirColoursChangingWalks() throws {
        let root = solidLayer(
            CGRect(x: 0, y: 0, width: DamageTests.size.width, height: DamageTests.size.height),
            CGColor(gray: 1, alpha: 1))
        var gradients: [CAGradientLayer] = []
        for i in 0..<12 {
            let gradient = CAGradientLayer()
            gradient.frame = CGRect(x: 10 + CGFloat(i % 6) * 50, y: 30 + CGFloat(i / 6) * 90, width: 40, height: 40)
            gradient.colors = [
                CGColor(red: 1, green: CGFloat(i) / 12, blue: 0, alpha: 1),
                CGColor(red: 0, green: 0, blue: 1, alpha: 0.7),
            ]
            gradient.cornerRadius = i % 2 == 0 ? 8 : 0
            gradient.add(
                repeating("transform.rotation.z", from: 0, to: 2 * .pi, beginning: 1000 - Double(i) / 7),
                forKey: "spin")
            root.addSublayer(gradient)
            gradients.append(gradient)
        }
        // Each gradient's quad moves; its texels stay as they were.
        let moved = try frames(of: root, at: [1000, 1000.1, 1000.35])
        #expect(moved.allSatisfy { $0?.count == 12 }, "\(moved)")
        // A gradient whose colours change is drawn by a walk: its texels change.
        gradients[3].add(
            basic("colors", from: gradients[0].colors, to: gradients[5].colors, duration: 10) { $0.beginTime = 1000 },
            forKey: "recolour")
        let recoloured = try frames(of: root, at: [1000.5, 1000.6])
        #expect(recoloured == [nil], "\(recoloured)")
    }

    /// A rounded leaf starting to turn about y under a parent's perspective: its quad now needs
    /// the shader's perspective coverage, which the batch it was drawn in does not run, so the
    /// tree is walked; the next frame moves it within the batch that walk drew it in.
    @Test func aLeafTurnedIntoPerspectiveWalksTheTree() throws {
        let (root, spinner, _) = DamageTests().scene()
        spinner.removeAnimation(forKey: "spin")
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 300
        let stage = solidLayer(CGRect(x: 40, y: 40, width: 120, height: 120), CGColor(gray: 0.3, alpha: 0))
        stage.sublayerTransform = perspective
        let card = solidLayer(
            CGRect(x: 30, y: 30, width: 60, height: 60), CGColor(red: 0.2, green: 0.4, blue: 1, alpha: 1))
        card.cornerRadius = 10
        card.add(repeating("transform.rotation.y", from: 0, to: 1, beginning: 1000), forKey: "turn")
        stage.addSublayer(card)
        commitWithoutActions { root.addSublayer(stage) }
        let patched = try frames(of: root, at: [1000, 1000.2, 1000.3])
        #expect(patched.map { $0?.count } == [nil, 1])
    }

    /// Particles drawn in another tree (another window's, whose commits every renderer receives)
    /// leave this tree's frames patched.
    @Test func anotherTreesParticlesLeaveTheFramePatched() throws {
        let (root, _, _) = DamageTests().scene()
        let elsewhere = CALayer()
        elsewhere.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let emitter = CAEmitterLayer()
        emitter.frame = elsewhere.bounds
        let cell = CAEmitterCell()
        cell.contents = CGImage(rgbaPixels: [255, 255, 255, 255], width: 1, height: 1)
        cell.birthRate = 40
        cell.lifetime = 2
        cell.velocity = 30
        emitter.emitterCells = [cell]
        // Committed once the renderers run, so that they receive it.
        let patched = try frames(of: root, at: [1000, 1000.1, 1000.2]) { index in
            if index == 1 { commitWithoutActions { elsewhere.addSublayer(emitter) } }
        }
        #expect(patched.map { $0?.count } == [1, 1])
    }

    @Test func aTexturedLeafMovingIsPatched() throws {
        let (root, spinner, _) = DamageTests().scene()
        spinner.removeAnimation(forKey: "spin")
        let picture = CALayer()
        picture.frame = CGRect(x: 100, y: 100, width: 32, height: 32)
        picture.contents = Self.ramp()
        picture.add(repeating("position.y", from: 110, to: 150, beginning: 1000), forKey: "drop")
        commitWithoutActions { root.addSublayer(picture) }
        let patched = try frames(of: root, at: [1000, 1000.3, 1000.7])
        #expect(patched.map { $0?.count } == [1, 1])
    }
}
