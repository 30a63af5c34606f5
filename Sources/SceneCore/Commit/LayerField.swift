import Foundation

/// One changed field of a layer as it travels in a commit: a typed value, never `Any`.
enum LayerField: Sendable, Equatable {
    /// One property's new value (the value first: the id then fits in the value's padding, which
    /// keeps the field, and every update of a commit, 8 bytes smaller).
    case property(PropertyValue, PropertyID)
    /// The complete ordered list of sublayer ids.
    case sublayers([LayerID])
    /// The mask layer's id, or nil.
    case mask(LayerID?)
    /// The complete list of attached animations, in key order, as typed values.
    case animations(AnimationList)
    /// A `CAOpenGLLayer`'s drawing with a new version: the renderer draws the layer again.
    case glContent(GLContent)
    /// A `CATextLayer`'s text, shaped or to be shaped (nil when it draws none, or draws into a
    /// backing store).
    case glyphs(ShapedText?)
    /// A video layer's feed and gravity (`VideoContent`).
    case video(VideoContent?)
    /// Every property at once: sent the first time a layer is committed, or when it joins a new tree.
    indirect case all(LayerProperties)
}

extension LayerProperties {
    /// Appends the property fields named by `changes` as updates of `layer` (structure bits
    /// are ignored here).
    func appendFields(for changes: LayerChanges, of layer: LayerID, to updates: inout [LayerUpdate]) {
        var rest = changes.intersection(.allProperties).rawValue
        while rest != 0 {
            let declaration = PropertyID.declarations[rest.trailingZeroBitCount]
            rest &= rest &- 1
            updates.append(
                LayerUpdate(layer: layer, field: .property(declaration.propertyValue(in: self), declaration.id)))
        }
    }

    /// Applies one property field; structure fields are the render tree's business and ignored here.
    package mutating func apply(_ field: LayerField) {
        switch field {
        case .property(let value, let id):
            if !id.declared.apply(value, to: &self) {
                Diagnostics.error("render: a commit carried \(value) for \(id.declared.key); ignored")
            }
        case .all(let v): self = v
        case .glContent(let content): glContent = content
        case .glyphs(let text): glyphs = text
        case .video(let content): videoContent = content
        case .sublayers, .mask, .animations: break
        }
    }
}

/// A layer's attached animations as they travel in a commit (typed; their contents are
/// SceneCore's business).
struct AnimationList: Sendable, Equatable {
    var items: [RenderAnimation]
    init(_ items: [RenderAnimation]) { self.items = items }
    /// How many animations the list holds.
    package var count: Int { items.count }
}
