// Driver for ninjaprox/NVActivityIndicatorView (our glue): each animation class draws into a
// 100x100 root layer at the 80x80 size its view would give it (NVActivityIndicatorView insets its
// frame by its padding and passes the square that is left), in the library's default colour
// white, over a dark backdrop as the README's pictures show. The Blank animation draws nothing by
// design and is left out.
import Foundation
import RealCodeHarness
import SceneCore
import UIKitStandIn

let backdrop = CGColor(red: 237 / 255, green: 85 / 255, blue: 101 / 255, alpha: 1)
func nv(_ name: String, _ make: @escaping () -> NVActivityIndicatorAnimationDelegate) -> RealCodeAnimation {
    RealCodeAnimation(name, size: CGSize(width: 100, height: 100), background: backdrop) { root in
        make().setUpAnimation(in: root, size: CGSize(width: 80, height: 80), color: .white)
    }
}
var list: [RealCodeAnimation] = []
#if RC_HAS_NVActivityIndicatorAnimationAudioEqualizer && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("AudioEqualizer") { NVActivityIndicatorAnimationAudioEqualizer() })
#else
list.append(.notCompiled("AudioEqualizer", file: "NVActivityIndicatorAnimationAudioEqualizer"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallBeat && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallBeat") { NVActivityIndicatorAnimationBallBeat() })
#else
list.append(.notCompiled("BallBeat", file: "NVActivityIndicatorAnimationBallBeat"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallClipRotate && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallClipRotate") { NVActivityIndicatorAnimationBallClipRotate() })
#else
list.append(.notCompiled("BallClipRotate", file: "NVActivityIndicatorAnimationBallClipRotate"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallClipRotateMultiple && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallClipRotateMultiple") { NVActivityIndicatorAnimationBallClipRotateMultiple() })
#else
list.append(.notCompiled("BallClipRotateMultiple", file: "NVActivityIndicatorAnimationBallClipRotateMultiple"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallClipRotatePulse && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallClipRotatePulse") { NVActivityIndicatorAnimationBallClipRotatePulse() })
#else
list.append(.notCompiled("BallClipRotatePulse", file: "NVActivityIndicatorAnimationBallClipRotatePulse"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallDoubleBounce && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallDoubleBounce") { NVActivityIndicatorAnimationBallDoubleBounce() })
#else
list.append(.notCompiled("BallDoubleBounce", file: "NVActivityIndicatorAnimationBallDoubleBounce"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallGridBeat && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallGridBeat") { NVActivityIndicatorAnimationBallGridBeat() })
#else
list.append(.notCompiled("BallGridBeat", file: "NVActivityIndicatorAnimationBallGridBeat"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallGridPulse && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallGridPulse") { NVActivityIndicatorAnimationBallGridPulse() })
#else
list.append(.notCompiled("BallGridPulse", file: "NVActivityIndicatorAnimationBallGridPulse"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallPulse && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallPulse") { NVActivityIndicatorAnimationBallPulse() })
#else
list.append(.notCompiled("BallPulse", file: "NVActivityIndicatorAnimationBallPulse"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallPulseRise && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallPulseRise") { NVActivityIndicatorAnimationBallPulseRise() })
#else
list.append(.notCompiled("BallPulseRise", file: "NVActivityIndicatorAnimationBallPulseRise"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallPulseSync && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallPulseSync") { NVActivityIndicatorAnimationBallPulseSync() })
#else
list.append(.notCompiled("BallPulseSync", file: "NVActivityIndicatorAnimationBallPulseSync"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallRotate && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallRotate") { NVActivityIndicatorAnimationBallRotate() })
#else
list.append(.notCompiled("BallRotate", file: "NVActivityIndicatorAnimationBallRotate"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallRotateChase && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallRotateChase") { NVActivityIndicatorAnimationBallRotateChase() })
#else
list.append(.notCompiled("BallRotateChase", file: "NVActivityIndicatorAnimationBallRotateChase"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallScale && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallScale") { NVActivityIndicatorAnimationBallScale() })
#else
list.append(.notCompiled("BallScale", file: "NVActivityIndicatorAnimationBallScale"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallScaleMultiple && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallScaleMultiple") { NVActivityIndicatorAnimationBallScaleMultiple() })
#else
list.append(.notCompiled("BallScaleMultiple", file: "NVActivityIndicatorAnimationBallScaleMultiple"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallScaleRipple && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallScaleRipple") { NVActivityIndicatorAnimationBallScaleRipple() })
#else
list.append(.notCompiled("BallScaleRipple", file: "NVActivityIndicatorAnimationBallScaleRipple"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallScaleRippleMultiple && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallScaleRippleMultiple") { NVActivityIndicatorAnimationBallScaleRippleMultiple() })
#else
list.append(.notCompiled("BallScaleRippleMultiple", file: "NVActivityIndicatorAnimationBallScaleRippleMultiple"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallSpinFadeLoader && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallSpinFadeLoader") { NVActivityIndicatorAnimationBallSpinFadeLoader() })
#else
list.append(.notCompiled("BallSpinFadeLoader", file: "NVActivityIndicatorAnimationBallSpinFadeLoader"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallTrianglePath && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallTrianglePath") { NVActivityIndicatorAnimationBallTrianglePath() })
#else
list.append(.notCompiled("BallTrianglePath", file: "NVActivityIndicatorAnimationBallTrianglePath"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallZigZag && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallZigZag") { NVActivityIndicatorAnimationBallZigZag() })
#else
list.append(.notCompiled("BallZigZag", file: "NVActivityIndicatorAnimationBallZigZag"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationBallZigZagDeflect && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("BallZigZagDeflect") { NVActivityIndicatorAnimationBallZigZagDeflect() })
#else
list.append(.notCompiled("BallZigZagDeflect", file: "NVActivityIndicatorAnimationBallZigZagDeflect"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationCircleStrokeSpin && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("CircleStrokeSpin") { NVActivityIndicatorAnimationCircleStrokeSpin() })
#else
list.append(.notCompiled("CircleStrokeSpin", file: "NVActivityIndicatorAnimationCircleStrokeSpin"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationCubeTransition && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("CubeTransition") { NVActivityIndicatorAnimationCubeTransition() })
#else
list.append(.notCompiled("CubeTransition", file: "NVActivityIndicatorAnimationCubeTransition"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationLineScale && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("LineScale") { NVActivityIndicatorAnimationLineScale() })
#else
list.append(.notCompiled("LineScale", file: "NVActivityIndicatorAnimationLineScale"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationLineScaleParty && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("LineScaleParty") { NVActivityIndicatorAnimationLineScaleParty() })
#else
list.append(.notCompiled("LineScaleParty", file: "NVActivityIndicatorAnimationLineScaleParty"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationLineScalePulseOut && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("LineScalePulseOut") { NVActivityIndicatorAnimationLineScalePulseOut() })
#else
list.append(.notCompiled("LineScalePulseOut", file: "NVActivityIndicatorAnimationLineScalePulseOut"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationLineScalePulseOutRapid && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("LineScalePulseOutRapid") { NVActivityIndicatorAnimationLineScalePulseOutRapid() })
#else
list.append(.notCompiled("LineScalePulseOutRapid", file: "NVActivityIndicatorAnimationLineScalePulseOutRapid"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationLineSpinFadeLoader && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("LineSpinFadeLoader") { NVActivityIndicatorAnimationLineSpinFadeLoader() })
#else
list.append(.notCompiled("LineSpinFadeLoader", file: "NVActivityIndicatorAnimationLineSpinFadeLoader"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationOrbit && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("Orbit") { NVActivityIndicatorAnimationOrbit() })
#else
list.append(.notCompiled("Orbit", file: "NVActivityIndicatorAnimationOrbit"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationPacman && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("Pacman") { NVActivityIndicatorAnimationPacman() })
#else
list.append(.notCompiled("Pacman", file: "NVActivityIndicatorAnimationPacman"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationSemiCircleSpin && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("SemiCircleSpin") { NVActivityIndicatorAnimationSemiCircleSpin() })
#else
list.append(.notCompiled("SemiCircleSpin", file: "NVActivityIndicatorAnimationSemiCircleSpin"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationSquareSpin && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("SquareSpin") { NVActivityIndicatorAnimationSquareSpin() })
#else
list.append(.notCompiled("SquareSpin", file: "NVActivityIndicatorAnimationSquareSpin"))
#endif
#if RC_HAS_NVActivityIndicatorAnimationTriangleSkewSpin && RC_HAS_NVActivityIndicatorShape && RC_HAS_NVActivityIndicatorAnimationDelegate
list.append(nv("TriangleSkewSpin") { NVActivityIndicatorAnimationTriangleSkewSpin() })
#else
list.append(.notCompiled("TriangleSkewSpin", file: "NVActivityIndicatorAnimationTriangleSkewSpin"))
#endif
RealCodeHarness.main(list)
