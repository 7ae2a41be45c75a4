/// Scalars that draw nothing on a terminal, or at most a soft hyphen, and can make two names
/// differ invisibly: format characters (ZWSP, joiners, BOM, soft hyphen, bidi controls, tags),
/// variation selectors, the combining grapheme joiner and the Hangul fillers. One list for the
/// request printer (which escapes them) and the screen's sanitizer (which shows their code).
package enum InvisibleScalars {
    package static func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case ..<0xAD: return false
        case 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
        default: return scalar.properties.generalCategory == .format
        }
    }
}
