import Foundation
import Testing

@testable import GLBackend

/// Where a window's pixels per point come from: the environment's override, then `Xft.dpi`, then
/// the monitor's density, then 1.
@Suite struct DisplayScaleTests {
    private let xvfbMonitor = (pixels: 1280, millimetres: 339)  // 96 dots per inch, as Xvfb reports

    @Test func theEnvironmentOverridesTheResourceWhichOverridesTheMonitor() {
        let resources = "Xft.antialias:\t1\nXft.dpi:\t192\n"
        let overridden = DisplayScale(environment: "1.5", resources: resources, monitor: xvfbMonitor)
        #expect(overridden == DisplayScale(environment: " 1.5 ", resources: nil, monitor: nil))
        #expect(overridden.scale == 1.5 && overridden.source == .environment)
        let fromResource = DisplayScale(environment: nil, resources: resources, monitor: xvfbMonitor)
        #expect(fromResource.scale == 2 && fromResource.source == .resource)
        let fromMonitor = DisplayScale(environment: nil, resources: "Xft.hinting: 1", monitor: xvfbMonitor)
        #expect(fromMonitor.scale == 1 && fromMonitor.source == .monitor)
        let none = DisplayScale(environment: nil, resources: nil, monitor: nil)
        #expect(none.scale == 1 && none.source == .none)
    }

    @Test func unusableOverridesAreIgnoredAndScalesAreKeptBetweenOneAndEight() {
        for text in ["", "two", "0", "-2", "nan", "inf"] {
            #expect(DisplayScale(environment: text, resources: "Xft.dpi: 144", monitor: nil).scale == 1.5, "\(text)")
        }
        #expect(DisplayScale(environment: "20", resources: nil, monitor: nil).scale == 8)
        #expect(DisplayScale(environment: "0.5", resources: nil, monitor: nil).scale == 1)
        #expect(DisplayScale(environment: nil, resources: "Xft.dpi: 72", monitor: nil).scale == 1)
    }

    /// Resource and monitor scales are rounded to quarters; a monitor without a size, or with a
    /// made-up one (under 50 or over 600 dots per inch), counts as 96 dots per inch.
    @Test func densitiesGiveQuarterScales() {
        #expect(DisplayScale(environment: nil, resources: "Xft.dpi: 120", monitor: nil).scale == 1.25)
        #expect(DisplayScale(environment: nil, resources: "Xft.dpi: 97", monitor: nil).scale == 1)
        // A 27-inch 4K monitor: 3840 pixels over 597 mm, 163 dots per inch.
        #expect(DisplayScale(environment: nil, resources: nil, monitor: (3840, 597)).scale == 1.75)
        // A 13-inch 2560-pixel laptop panel: 286 mm, 227 dots per inch.
        #expect(DisplayScale(environment: nil, resources: nil, monitor: (2560, 286)).scale == 2.25)
        for madeUp in [(1280, 0), (1920, 5), (1024, 10_000), (0, 300)] {
            #expect(DisplayScale(environment: nil, resources: nil, monitor: madeUp).scale == 1, "\(madeUp)")
        }
    }

    @Test func xftDPIIsReadFromTheResourceText() {
        #expect(DisplayScale.xftDPI(in: "Xft.dpi:\t192") == 192)
        #expect(DisplayScale.xftDPI(in: "*background: grey\nXft.dpi :  144.5 \n") == 144.5)
        #expect(DisplayScale.xftDPI(in: "Xft.dpiX: 192\nXterm*Xft.dpi: 192") == nil)
        #expect(DisplayScale.xftDPI(in: "Xft.dpi: lots") == nil)
    }
}
