import MediaFormats
import Testing

/// CSV tables as Apple's data copy writes them, and the shapes a hand-edited or damaged one takes.
@Suite("CSV tables")
struct CSVTableTests {
    func table(_ text: String) throws -> CSVTable { try CSVTable(bytes: Array(text.utf8)) }

    @Test("a Photo Details row: quoted dates with their comma, columns found by header")
    func photoDetails() throws {
        let csv = try table(
            "imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate\n"
                + "IMG_0403.MOV,AcQTH38VUJ8ryqOCgiKuos3A5eCo,no,no,no,\"Thursday August 29,2013 7:08 AM GMT\",0,"
                + "\"Wednesday September 4,2013 9:10 PM GMT\"\n")
        #expect(csv.header.count == 8)
        #expect(csv.column("originalCreationDate") == 5)
        #expect(
            csv.rows == [
                [
                    "IMG_0403.MOV", "AcQTH38VUJ8ryqOCgiKuos3A5eCo", "no", "no", "no",
                    "Thursday August 29,2013 7:08 AM GMT", "0", "Wednesday September 4,2013 9:10 PM GMT",
                ]
            ])
    }

    @Test("a byte order mark, CRLF and CR line ends, blank lines, doubled quotes and a line break inside quotes")
    func shapes() throws {
        let csv = try table("\u{FEFF}Images\r\nIMG_1.JPG\r\n\r\n\"say \"\"hi\"\"\"\r\"two\nlines\"\rlast")
        #expect(csv.header == ["Images"])
        #expect(csv.rows == [["IMG_1.JPG"], ["say \"hi\""], ["two\nlines"], ["last"]])
    }

    @Test("a quote inside an unquoted field and text after a closing quote are kept, as spreadsheets read them")
    func strayQuotes() throws {
        let csv = try table("h\nIMG_1 \"a\".JPG,\"x\"y\n")
        #expect(csv.rows == [["IMG_1 \"a\".JPG", "xy"]])
    }

    @Test("an empty file is a table with no header; an unclosed quote and too many fields are refused")
    func bounds() throws {
        #expect(try table("").header.isEmpty)
        #expect(throws: FormatError.self) { try table("a,\"b\nc") }
        #expect(throws: FormatError.self) { try table(String(repeating: ",", count: CSVTable.maxFields + 1)) }
    }
}
