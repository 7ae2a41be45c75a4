extension AssocError {
    /// For an error met on request `text`: `; text goes in single quotes: 'Jeremy'` when the
    /// error blames a column that `text` writes in double quotes (`filter(Name = "Jeremy")`: in the
    /// request language, as in SQL, double quotes make a name). Empty otherwise. The command
    /// line and the browser add it to the message; an app on AssocCore can do the same.
    public func textQuoteHint(in text: String) -> String {
        guard case .unknownColumn(_, let name, _) = self, !name.isEmpty,
            text.contains("\"" + name.replacing("\"", with: "\"\"") + "\"")
        else { return "" }
        return "; text goes in single quotes: '" + name.replacing("'", with: "''") + "'"
    }
}
