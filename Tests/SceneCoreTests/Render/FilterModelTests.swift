import Foundation
import SceneCoreTestSupport
import Testing

@testable import SceneCore

/// `CAFilter`, the filter properties' values as commits carry them, key paths into filter
/// inputs, their animations, and the display commands filtered layers become.
@Suite struct FilterModelTests {
    func blur(_ radius: Double, name: String = "blur") -> CAFilter {
        let filter = CAFilter(type: .gaussianBlur)
        filter.name = name
        filter.setValue(radius, forKey: "inputRadius")
        return filter
    }

    @Test func aFilterIsNamedAfterItsTypeAndKeepsItsInputs() {
        let filter = CAFilter(type: "colorSaturate")
        #expect(filter.type == .colorSaturate)
        #expect(filter.name == "colorSaturate")
        #expect(filter.isEnabled)
        filter.setValue(0.5, forKey: "inputAmount")
        filter.setValue("grey", forKey: "name")
        filter.setValue(false, forKey: "enabled")
        #expect(filter.value(forKey: "inputAmount") as? Double == 0.5)
        #expect(filter.name == "grey" && !filter.isEnabled)
        #expect(filter.value(forKey: "type") as? String == "colorSaturate")
        let copy = filter.copy() as! CAFilter
        #expect(copy !== filter && copy.name == "grey" && copy.value(forKey: "inputAmount") as? Double == 0.5)
    }

    @Test func settingFiltersCommitsTheResolvedList() {
        let layer = CALayer()
        let filter = blur(6)
        layer.filters = [filter, "colorBrightness"]
        #expect(
            layer.state.filters
                == RenderFilterList([
                    RenderFilter(kind: .gaussianBlur, name: "blur", amount: 6),
                    RenderFilter(kind: .brightness, name: "colorBrightness", amount: 0),
                ]))
        // The layer keeps a copy: changing the filter afterwards changes nothing.
        filter.setValue(20, forKey: "inputRadius")
        #expect(layer.state.filters.filters[0].amount == 6)
        #expect((layer.filters?.first as? CAFilter)?.value(forKey: "inputRadius") as? Double == 6)
        #expect(layer.filters?.last as? String == "colorBrightness")
        layer.filters = nil
        #expect(layer.state.filters.filters.isEmpty && layer.filters == nil)
    }

    @Test func compositingFiltersResolveToBlendModesUnderEveryName() {
        let names: [(String, BlendMode)] = [
            ("multiplyBlendMode", .multiply), ("CIMultiplyBlendMode", .multiply), ("screenBlendMode", .screen),
            ("CIScreenBlendMode", .screen), ("overlayBlendMode", .overlay), ("CIOverlayBlendMode", .overlay),
            ("darkenBlendMode", .darken), ("CIDarkenBlendMode", .darken), ("lightenBlendMode", .lighten),
            ("CILightenBlendMode", .lighten), ("differenceBlendMode", .difference),
            ("CIDifferenceBlendMode", .difference), ("plusL", .plusLighter), ("CIAdditionCompositing", .plusLighter),
            ("sourceOver", .sourceOver), ("CISourceOverCompositing", .sourceOver),
        ]
        let layer = CALayer()
        for (name, mode) in names {
            layer.compositingFilter = name
            #expect(layer.state.compositingFilter == mode, "\(name)")
            #expect(layer.compositingFilter as? String == name)
        }
        layer.compositingFilter = CAFilter(type: .lightenBlendMode)
        #expect(layer.state.compositingFilter == .lighten)
        let messages = Diagnostics.capturing { layer.compositingFilter = 42 }
        #expect(layer.state.compositingFilter == .sourceOver)
        #expect(messages.contains { $0.contains("a Int is not a filter") })
    }

    @Test func filterInputsAreReachableByKeyPath() throws {
        let layer = CALayer()
        layer.filters = [blur(6), "colorSaturate"]
        #expect(layer.value(forKeyPath: "filters.blur.inputRadius") as? Double == 6)
        #expect(layer.value(forKeyPath: "filters.colorSaturate.inputAmount") as? CGFloat == 1, "the default")
        layer.setValue(9, forKeyPath: "filters.blur.inputRadius")
        #expect(layer.state.filters.filters[0].amount == 9)
        layer.setValue(0.25, forKeyPath: "filters.colorSaturate.inputAmount")
        #expect(layer.state.filters.filters[1].amount == 0.25)
        #expect(layer.value(forKeyPath: "filters.nothing.inputRadius") == nil)
    }

    @Test func anInputAnimationNeedsAFilterOfThatNameWithThatInput() {
        let layer = CALayer()
        layer.filters = [blur(2)]
        layer.backgroundFilters = [blur(3, name: "frost")]
        let fine = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        fine.toValue = 10
        layer.add(fine, forKey: "fine")
        #expect(layer.animation(forKey: "fine") != nil)
        let background = CABasicAnimation(keyPath: "backgroundFilters.frost.inputRadius")
        background.toValue = 10
        layer.add(background, forKey: "background")
        #expect(layer.animation(forKey: "background") != nil)
        for keyPath in ["filters.frost.inputRadius", "filters.blur.inputAmount"] {
            let wrong = CABasicAnimation(keyPath: keyPath)
            wrong.toValue = 10
            layer.add(wrong, forKey: keyPath)
            #expect(layer.animation(forKey: keyPath) == nil, "\(keyPath)")
        }
    }

    @Test func thePresentationLayerShowsAnimatedInputs() throws {
        let layer = CALayer()
        layer.filters = [blur(2)]
        LayerTest.commitWithoutActions { layer.position = CGPoint(x: 1, y: 1) }
        let hold = CABasicAnimation(keyPath: "filters.blur.inputRadius")
        hold.fromValue = 7
        hold.toValue = 7
        hold.duration = 1000
        layer.add(hold, forKey: "hold")
        CATransaction.flush()
        let shown = try #require(layer.presentation()?.filters?.first as? CAFilter)
        #expect(shown.name == "blur" && shown.value(forKey: "inputRadius") as? Double == 7)
        #expect((layer.filters?.first as? CAFilter)?.value(forKey: "inputRadius") as? Double == 2, "the model keeps 2")
    }

    @Test func filterListsOfTheSameFiltersInterpolateTheirInputs() {
        let a = RenderFilterList([RenderFilter(kind: .gaussianBlur, name: "b", amount: 2)])
        let b = RenderFilterList([RenderFilter(kind: .gaussianBlur, name: "b", amount: 10)])
        #expect(a.interpolated(to: b, fraction: 0.25).filters[0].amount == 4)
        let other = RenderFilterList([RenderFilter(kind: .saturation, name: "s", amount: 0)])
        #expect(a.interpolated(to: other, fraction: 0.4) == a, "different filters switch halfway")
        #expect(a.interpolated(to: other, fraction: 0.5) == other)
    }

    @Test func theFiltersActionIsABasicAnimationOfTheWholeList() throws {
        let layer = CALayer()
        layer.filters = [blur(2)]
        LayerTest.commitWithoutActions { layer.position = CGPoint(x: 1, y: 1) }
        layer.filters = [blur(8)]
        let action = try #require(layer.animation(forKey: "filters") as? CABasicAnimation)
        #expect(action.keyPath == "filters")
        let from = try #require(action.fromValue as? [Any])
        #expect((from.first as? CAFilter)?.value(forKey: "inputRadius") as? Double == 2)
        CATransaction.flush()
    }

    @Test func backgroundFiltersAndCompositingFilterFadeByATransition() throws {
        let layer = CALayer()
        LayerTest.commitWithoutActions { layer.position = CGPoint(x: 1, y: 1) }
        CATransaction.begin()
        CATransaction.setAnimationDuration(0.75)
        layer.backgroundFilters = [blur(4)]
        CATransaction.commit()
        let fade = try #require(layer.animation(forKey: "backgroundFilters") as? CATransition)
        #expect(fade.type == .fade && fade.duration == 0.75)
        layer.compositingFilter = "multiplyBlendMode"
        #expect(layer.animation(forKey: "compositingFilter") is CATransition)
        // The same value again changes nothing and runs no action.
        layer.removeAllAnimations()
        layer.backgroundFilters = [blur(4)]
        #expect(layer.animation(forKey: "backgroundFilters") == nil)
        // An action of the layer's own wins.
        layer.actions = ["compositingFilter": NSNull()]
        layer.compositingFilter = "screenBlendMode"
        #expect(layer.animation(forKey: "compositingFilter") == nil)
        CATransaction.flush()
    }

    @Test func colourFiltersFoldIntoOnePassAndBlursSplitThem() {
        let list = RenderFilterList([
            RenderFilter(kind: .brightness, name: "a", amount: 0.1),
            RenderFilter(kind: .saturation, name: "b", amount: 0),
            RenderFilter(kind: .gaussianBlur, name: "c", amount: 3),
            RenderFilter(kind: .gaussianBlur, name: "none", amount: 0),
            RenderFilter(kind: .saturation, name: "d", amount: 1),
            RenderFilter(kind: .brightness, name: "off", isEnabled: false, amount: 0.5),
        ])
        let passes = list.passes
        #expect(passes.count == 2, "brightness and saturation as one matrix, then the blur; the rest do nothing")
        guard case .color(let m) = passes.first, case .blur(let radius) = passes.last else {
            Issue.record("passes \(passes)")
            return
        }
        #expect(radius == 3)
        // Brightness 0.1 then saturation 0: each row is the luminance weights, plus 0.1 in the offset.
        #expect(abs(m.m11 - 0.2126) < 1e-6 && abs(m.m12 - 0.7152) < 1e-6 && abs(m.m13 - 0.0722) < 1e-6)
        #expect(abs(m.m15 - 0.1) < 1e-6 && abs(m.m35 - 0.1) < 1e-6 && m.m45 == 0 && m.m44 == 1)
    }

    @Test func filteredLayersBecomeEffectGroupsAndBackdropFilters() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        layer.opacity = 0.5
        layer.filters = [blur(4)]
        layer.backgroundFilters = ["colorSaturate"]
        layer.compositingFilter = "screenBlendMode"
        root.addSublayer(layer)
        let list = displayList(for: root)
        // colorSaturate at its default changes nothing: no backdrop pass.
        #expect(!list.commands.contains { if case .filterBackdrop = $0 { true } else { false } })
        let effects = GroupEffects(passes: [.blur(radius: 4)], blendMode: .screen)
        #expect(list.commands.first == .beginGroup)
        guard case .endEffectGroup(0.5, effects, let drawn)? = list.commands.last else {
            Issue.record("the last command is \(String(describing: list.commands.last))")
            return
        }
        // What the group drew: the layer's 50x50 at (10, 10) of the 200x100 target (GL's rows
        // from the bottom: y 40...90), with two pixels around it.
        #expect(drawn == PixelRegion(x: 8, y: 38, width: 54, height: 54))
        layer.backgroundFilters = [blur(2)]
        let frosted = displayList(for: root).commands
        guard case .filterBackdrop([.blur(radius: 2)], shape: 0, let region) = frosted.first else {
            Issue.record("the first command is \(String(describing: frosted.first))")
            return
        }
        #expect(region == drawn, "the backdrop is filtered within the layer's shape")
    }

    @Test func aMaskedFilteredLayerMasksInsideItsEffectGroup() {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        layer.mask = CALayer()
        layer.mask?.frame = layer.bounds
        layer.mask?.backgroundColor = CGColor(gray: 0, alpha: 1)
        layer.filters = [blur(4)]
        root.addSublayer(layer)
        // Drawn directly (not from a kept bitmap, FrameBuilder+CachedEffects), as when its content animates.
        let commands = displayList(for: root, keepingEffects: false).commands.filter {
            if case .draw = $0 { false } else { true }
        }
        #expect(commands.prefix(4) == [.beginGroup, .beginGroup, .beginMask, .endMask(opacity: 1)])
        #expect(commands.count == 5)
        if case .endEffectGroup(1, GroupEffects(passes: [.blur(radius: 4)]), _)? = commands.last {
        } else {
            Issue.record("the last command is \(String(describing: commands.last))")
        }
    }
}
