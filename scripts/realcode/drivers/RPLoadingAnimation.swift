// Driver for naoyashiga/RPLoadingAnimation (our glue): each animation class set up in a 150x150
// root layer at that size, with the colour sets of the library's example app, on white.
import Foundation
import RealCodeHarness
import SceneCore
import UIKitStandIn

func rp(_ name: String, _ colors: [UIColor], _ make: @escaping () -> RPLoadingAnimationDelegate) -> RealCodeAnimation {
    RealCodeAnimation(name, size: CGSize(width: 150, height: 150)) { root in
        make().setup(root, size: root.bounds.size, colors: colors)
    }
}
var list: [RealCodeAnimation] = []
#if RC_HAS_RPLoadingAnimationDelegate && RC_HAS_RotatingCircle
list.append(rp("RotatingCircle", [.red, .blue, .orange, .purple]) { RotatingCircle() })
#else
list.append(.notCompiled("RotatingCircle", file: "RotatingCircle"))
#endif
#if RC_HAS_RPLoadingAnimationDelegate && RC_HAS_SpininngDot
list.append(rp("SpininngDot", [.magenta, .red]) { SpininngDot() })
#else
list.append(.notCompiled("SpininngDot", file: "SpininngDot"))
#endif
#if RC_HAS_RPLoadingAnimationDelegate && RC_HAS_LineScale
list.append(rp("LineScale", [.red, .green]) { LineScale() })
#else
list.append(.notCompiled("LineScale", file: "LineScale"))
#endif
#if RC_HAS_RPLoadingAnimationDelegate && RC_HAS_DotTrianglePath
list.append(rp("DotTrianglePath", [.brown, .yellow, .cyan]) { DotTrianglePath() })
#else
list.append(.notCompiled("DotTrianglePath", file: "DotTrianglePath"))
#endif
#if RC_HAS_RPLoadingAnimationDelegate && RC_HAS_DotSpinningLikeSkype
list.append(rp("DotSpinningLikeSkype", [.orange, .purple]) { DotSpinningLikeSkype() })
#else
list.append(.notCompiled("DotSpinningLikeSkype", file: "DotSpinningLikeSkype"))
#endif
#if RC_HAS_RPLoadingAnimationDelegate && RC_HAS_FunnyDotsA
list.append(rp("FunnyDotsA", [.black]) { FunnyDotsA() })
#else
list.append(.notCompiled("FunnyDotsA", file: "FunnyDotsA"))
#endif
RealCodeHarness.main(list)
