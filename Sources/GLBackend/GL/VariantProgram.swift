/// A shader program compiled from one variant of its family's sources (the `#define`s the
/// variant puts before them), as `ProgramCache` compiles it on first use.
protocol VariantProgram {
    /// What names one program of the family. `allCases` lists every variant a renderer may ask
    /// for, so that a test compiles each of them.
    associatedtype Variant: Hashable & CaseIterable

    /// Compiles and links `variant`. Needs a current context.
    /// - Throws: `GLError` when a source is missing or does not compile or link.
    init(_ variant: Variant) throws(GLError)

    /// The linked program.
    var program: ShaderProgram { get }
}
