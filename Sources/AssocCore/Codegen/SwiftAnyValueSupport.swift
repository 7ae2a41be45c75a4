/// The support type generated code declares when a column or selected value may hold any
/// storage class (an untyped column, text in an INTEGER column, a SQL function's result): GRDB's
/// `DatabaseValue` is not `Codable`, so the records hold it in `AnyDatabaseValue`, which GRDB
/// decodes from any value, NULL included.
enum SwiftAnyValueSupport {
    static let text = """
        /// A value of any storage class (NULL, INTEGER, REAL, TEXT or BLOB), as SQLite stores it:
        /// for a column whose values are not all of one Swift type.
        struct AnyDatabaseValue: Codable, Hashable, DatabaseValueConvertible {
            var databaseValue: DatabaseValue

            init(databaseValue: DatabaseValue) {
                self.databaseValue = databaseValue
            }

            static func fromDatabaseValue(_ dbValue: DatabaseValue) -> AnyDatabaseValue? {
                AnyDatabaseValue(databaseValue: dbValue)
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() {
                    databaseValue = .null
                } else if let value = try? container.decode(Int64.self) {
                    databaseValue = value.databaseValue
                } else if let value = try? container.decode(Double.self) {
                    databaseValue = value.databaseValue
                } else if let value = try? container.decode(String.self) {
                    databaseValue = value.databaseValue
                } else {
                    databaseValue = try container.decode(Data.self).databaseValue
                }
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch databaseValue.storage {
                case .null: try container.encodeNil()
                case .int64(let value): try container.encode(value)
                case .double(let value): try container.encode(value)
                case .string(let value): try container.encode(value)
                case .blob(let value): try container.encode(value)
                }
            }
        }
        """
}
