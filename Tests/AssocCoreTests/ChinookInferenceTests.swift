import XCTest

@testable import AssocCore

/// Chinook's eleven tables, written by hand after the shape of the public Chinook sample.
let chinookDDL = """
    CREATE TABLE [Artist] ([ArtistId] INTEGER NOT NULL, [Name] NVARCHAR(120),
        CONSTRAINT [PK_Artist] PRIMARY KEY ([ArtistId]));
    CREATE TABLE [Album] ([AlbumId] INTEGER NOT NULL, [Title] NVARCHAR(160) NOT NULL, [ArtistId] INTEGER NOT NULL,
        CONSTRAINT [PK_Album] PRIMARY KEY ([AlbumId]),
        FOREIGN KEY ([ArtistId]) REFERENCES [Artist] ([ArtistId]));
    CREATE TABLE [Employee] ([EmployeeId] INTEGER NOT NULL, [LastName] NVARCHAR(20) NOT NULL,
        [FirstName] NVARCHAR(20) NOT NULL, [Title] NVARCHAR(30), [ReportsTo] INTEGER, [Email] NVARCHAR(60),
        CONSTRAINT [PK_Employee] PRIMARY KEY ([EmployeeId]),
        FOREIGN KEY ([ReportsTo]) REFERENCES [Employee] ([EmployeeId]));
    CREATE TABLE [Customer] ([CustomerId] INTEGER NOT NULL, [FirstName] NVARCHAR(40) NOT NULL,
        [LastName] NVARCHAR(20) NOT NULL, [Email] NVARCHAR(60) NOT NULL, [SupportRepId] INTEGER,
        CONSTRAINT [PK_Customer] PRIMARY KEY ([CustomerId]),
        FOREIGN KEY ([SupportRepId]) REFERENCES [Employee] ([EmployeeId]));
    CREATE TABLE [Genre] ([GenreId] INTEGER NOT NULL, [Name] NVARCHAR(120),
        CONSTRAINT [PK_Genre] PRIMARY KEY ([GenreId]));
    CREATE TABLE [Invoice] ([InvoiceId] INTEGER NOT NULL, [CustomerId] INTEGER NOT NULL,
        [InvoiceDate] DATETIME NOT NULL, [Total] NUMERIC(10,2) NOT NULL,
        CONSTRAINT [PK_Invoice] PRIMARY KEY ([InvoiceId]),
        FOREIGN KEY ([CustomerId]) REFERENCES [Customer] ([CustomerId]));
    CREATE TABLE [MediaType] ([MediaTypeId] INTEGER NOT NULL, [Name] NVARCHAR(120),
        CONSTRAINT [PK_MediaType] PRIMARY KEY ([MediaTypeId]));
    CREATE TABLE [Playlist] ([PlaylistId] INTEGER NOT NULL, [Name] NVARCHAR(120),
        CONSTRAINT [PK_Playlist] PRIMARY KEY ([PlaylistId]));
    CREATE TABLE [Track] ([TrackId] INTEGER NOT NULL, [Name] NVARCHAR(200) NOT NULL, [AlbumId] INTEGER,
        [MediaTypeId] INTEGER NOT NULL, [GenreId] INTEGER, [Composer] NVARCHAR(220),
        [Milliseconds] INTEGER NOT NULL, [UnitPrice] NUMERIC(10,2) NOT NULL,
        CONSTRAINT [PK_Track] PRIMARY KEY ([TrackId]),
        FOREIGN KEY ([AlbumId]) REFERENCES [Album] ([AlbumId]),
        FOREIGN KEY ([GenreId]) REFERENCES [Genre] ([GenreId]),
        FOREIGN KEY ([MediaTypeId]) REFERENCES [MediaType] ([MediaTypeId]));
    CREATE TABLE [InvoiceLine] ([InvoiceLineId] INTEGER NOT NULL, [InvoiceId] INTEGER NOT NULL,
        [TrackId] INTEGER NOT NULL, [UnitPrice] NUMERIC(10,2) NOT NULL, [Quantity] INTEGER NOT NULL,
        CONSTRAINT [PK_InvoiceLine] PRIMARY KEY ([InvoiceLineId]),
        FOREIGN KEY ([InvoiceId]) REFERENCES [Invoice] ([InvoiceId]),
        FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId]));
    CREATE TABLE [PlaylistTrack] ([PlaylistId] INTEGER NOT NULL, [TrackId] INTEGER NOT NULL,
        CONSTRAINT [PK_PlaylistTrack] PRIMARY KEY ([PlaylistId], [TrackId]),
        FOREIGN KEY ([PlaylistId]) REFERENCES [Playlist] ([PlaylistId]),
        FOREIGN KEY ([TrackId]) REFERENCES [Track] ([TrackId]));
    """

final class ChinookInferenceTests: XCTestCase {
    func testChinookAssociations() throws {
        let graph = try makeGraph(chinookDDL)
        XCTAssertEqual(graph.diagnostics, [])

        let album = try graph.require("artist", from: "Album")
        XCTAssertEqual(album.kind, .belongsTo)
        XCTAssertEqual(album.destination, "Artist")
        XCTAssertEqual(album.columnSummary, ["ArtistId=ArtistId"])
        XCTAssertTrue(album.isRequired)
        XCTAssertEqual(album.source, .foreignKey)

        XCTAssertEqual(
            graph.summaries("Artist"),
            [
                "hasMany albums → Album",
                "hasManyThrough tracks → Track via albums.tracks"
            ])
        XCTAssertEqual(
            graph.summaries("Playlist"),
            [
                "hasMany playlistTracks → PlaylistTrack",
                "hasManyThrough tracks → Track via playlistTracks.track"
            ])
        XCTAssertEqual(
            graph.summaries("Track"),
            [
                "belongsTo album → Album",
                "belongsTo genre → Genre",
                "belongsTo mediaType → MediaType",
                "hasMany invoiceLines → InvoiceLine",
                "hasMany playlistTracks → PlaylistTrack",
                "hasOneThrough artist → Artist via album.artist",
                "hasManyThrough invoices → Invoice via invoiceLines.invoice",
                "hasManyThrough playlists → Playlist via playlistTracks.playlist"
            ])
        // Track.AlbumId is nullable: neither the belongsTo nor the through association is required.
        XCTAssertFalse(try graph.require("album", from: "Track").isRequired)
        XCTAssertFalse(try graph.require("artist", from: "Track").isRequired)
        XCTAssertTrue(try graph.require("mediaType", from: "Track").isRequired)
    }

    func testChinookEmployeesAndCustomers() throws {
        let graph = try makeGraph(chinookDDL)
        let reportsTo = try graph.require("reportsTo", from: "Employee")
        XCTAssertEqual(reportsTo.kind, .belongsTo)
        XCTAssertEqual(reportsTo.destination, "Employee")
        XCTAssertEqual(reportsTo.columnSummary, ["ReportsTo=EmployeeId"])
        XCTAssertFalse(reportsTo.isRequired)
        let reports = try graph.require("employeesAsReportsTo", from: "Employee")
        XCTAssertEqual(reports.kind, .hasMany)
        XCTAssertEqual(reports.columnSummary, ["EmployeeId=ReportsTo"])
        let customers = try graph.require("customers", from: "Employee")
        XCTAssertEqual(customers.kind, .hasMany)
        XCTAssertEqual(customers.destination, "Customer")
        XCTAssertEqual(customers.columnSummary, ["EmployeeId=SupportRepId"])
        XCTAssertEqual(
            graph.summaries("Employee"),
            [
                "belongsTo reportsTo → Employee",
                "hasMany customers → Customer",
                "hasMany employeesAsReportsTo → Employee",
                // Nothing through the self-reference (reportsTo.reportsTo, employeesAsReportsTo.customers…).
                "hasManyThrough invoices → Invoice via customers.invoices"
            ])
        let supportRep = try graph.require("supportRep", from: "Customer")
        XCTAssertEqual(supportRep.kind, .belongsTo)
        XCTAssertEqual(supportRep.destination, "Employee")
        XCTAssertEqual(supportRep.columnSummary, ["SupportRepId=EmployeeId"])
        // A self-reference as second step is named with the first: the support rep's manager.
        XCTAssertEqual(
            graph.summaries("Customer"),
            [
                "belongsTo supportRep → Employee",
                "hasMany invoices → Invoice",
                "hasOneThrough supportRepReportsTo → Employee via supportRep.reportsTo",
                "hasManyThrough invoiceLines → InvoiceLine via invoices.invoiceLines"
            ])
        XCTAssertEqual(
            graph.summaries("InvoiceLine"),
            [
                "belongsTo invoice → Invoice",
                "belongsTo track → Track",
                "hasOneThrough album → Album via track.album",
                "hasOneThrough customer → Customer via invoice.customer",
                "hasOneThrough genre → Genre via track.genre",
                "hasOneThrough mediaType → MediaType via track.mediaType"
            ])
        // Both steps NOT NULL: InvoiceLine.InvoiceId then Invoice.CustomerId.
        XCTAssertTrue(try graph.require("customer", from: "InvoiceLine").isRequired)
        XCTAssertFalse(try graph.require("album", from: "InvoiceLine").isRequired)
    }

    func testEveryTableIsListedInSchemaOrder() throws {
        let graph = try makeGraph(chinookDDL)
        XCTAssertEqual(
            graph.schema.tables.map(\.name),
            [
                "Artist", "Album", "Employee", "Customer", "Genre", "Invoice", "MediaType", "Playlist", "Track",
                "InvoiceLine", "PlaylistTrack"
            ])
        XCTAssertEqual(graph.allAssociations.count, 2 + 6 + 4 + 4 + 5 + 4 + 5 + 2 + 8 + 6 + 5)
    }
}
