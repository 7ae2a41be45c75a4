import XCTest
final class AssocTUITests: XCTestCase { func testPlaceholder() {} }
