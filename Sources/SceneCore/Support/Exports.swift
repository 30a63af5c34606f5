// Like QuartzCore on Apple platforms, importing SceneCore brings Foundation (CGFloat,
// CGPoint, CGSize, CGRect) and CoreFoundation (CFTimeInterval, the run loop) with it.
@_exported import CoreFoundation
@_exported import Foundation
