// Swift 3 spellings that Apple's SDK itself renamed in Swift 4.2 (Xcode's migrator rewrites
// them), so they are no SceneCore gap; run.sh adds this file to every program, as a migration
// would. Ours.
import SceneCore

let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default
let kCAFillModeForwards = CAMediaTimingFillMode.forwards
let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
let kCAFillModeBoth = CAMediaTimingFillMode.both
let kCAFillModeRemoved = CAMediaTimingFillMode.removed
let kCAAlignmentCenter = CATextLayerAlignmentMode.center
let kCAAlignmentLeft = CATextLayerAlignmentMode.left
let kCAAlignmentRight = CATextLayerAlignmentMode.right
let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst
let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast
let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive
let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered
let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point
let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line
let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle
let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle
let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere
let kCAGravityCenter = CALayerContentsGravity.center
let kCAGravityResize = CALayerContentsGravity.resize
let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect
let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill
let kCALineCapRound = CAShapeLayerLineCap.round
let kCALineJoinRound = CAShapeLayerLineJoin.round

// Swift 4 deprecated and Swift 5 removed String.characters (the string itself is the collection);
// Xcode's migrator deletes `.characters`, which this spelling does in effect.
extension String {
    var characters: String { self }
}
