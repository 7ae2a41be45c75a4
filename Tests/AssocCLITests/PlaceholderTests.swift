import XCTest
final class AssocCLITests: XCTestCase { func testPlaceholder() {} }
