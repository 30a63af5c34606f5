import CSceneCoreImageCodecs

extension png_image {
    /// The text libpng's simplified API left in `message` after a failure or warning.
    var messageText: String {
        withUnsafeBytes(of: message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
