#include "http/DirectoryListing.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fcntl.h>

using namespace hostbench::http;

// The HTML directory index: escaping, order, hidden files, no filesystem path.
class TestDirectoryListing final : public QObject
{
    Q_OBJECT

private slots:
    void escape_data();
    void escape();
    void renderSortsAndEscapes();
    void readsDirectory();
};

void TestDirectoryListing::escape_data()
{
    QTest::addColumn<QByteArray>("name");
    QTest::addColumn<QByteArray>("html");
    QTest::addColumn<QByteArray>("href");
    QTest::newRow("plain") << QByteArray("a.txt") << QByteArray("a.txt") << QByteArray("a.txt");
    QTest::newRow("space") << QByteArray("a b") << QByteArray("a b") << QByteArray("a%20b");
    QTest::newRow("markup") << QByteArray("<script>x</script>")
                            << QByteArray("&lt;script&gt;x&lt;/script&gt;")
                            << QByteArray("%3Cscript%3Ex%3C%2Fscript%3E");
    QTest::newRow("quotes") << QByteArray("a\"b'c") << QByteArray("a&quot;b&#39;c")
                            << QByteArray("a%22b%27c");
    QTest::newRow("ampersand") << QByteArray("a&b") << QByteArray("a&amp;b") << QByteArray("a%26b");
    QTest::newRow("query and fragment")
        << QByteArray("a?b#c") << QByteArray("a?b#c") << QByteArray("a%3Fb%23c");
    QTest::newRow("percent") << QByteArray("100%") << QByteArray("100%") << QByteArray("100%25");
    QTest::newRow("utf-8") << QByteArray("\xc3\xa9t\xc3\xa9") << QByteArray("\xc3\xa9t\xc3\xa9")
                           << QByteArray("%C3%A9t%C3%A9");
}

void TestDirectoryListing::escape()
{
    QFETCH(QByteArray, name);
    QFETCH(QByteArray, html);
    QFETCH(QByteArray, href);
    std::string out;
    DirectoryListing::appendHtmlEscaped(name.toStdString(), out);
    QCOMPARE(QByteArray::fromStdString(out), html);
    out.clear();
    DirectoryListing::appendPercentEncoded(name.toStdString(), out);
    QCOMPARE(QByteArray::fromStdString(out), href);
}

void TestDirectoryListing::renderSortsAndEscapes()
{
    std::vector<DirectoryListing::Entry> entries {
        { "zeta.txt", false, 12, 0 },
        { "<b>.html", false, 3, 784111777 },
        { "sub", true, 0, 0 },
        { "alpha", false, 1234567, 0 },
    };
    DirectoryListing::sort(entries);
    QCOMPARE(QByteArray::fromStdString(entries[0].name), QByteArray("sub"));
    QCOMPARE(QByteArray::fromStdString(entries[1].name), QByteArray("<b>.html"));
    QCOMPARE(QByteArray::fromStdString(entries[3].name), QByteArray("zeta.txt"));
    std::string out;
    DirectoryListing::render("/d<i>r/", entries, out);
    const QByteArray html = QByteArray::fromStdString(out);
    QVERIFY(html.contains("<title>Index of /d&lt;i&gt;r/</title>"));
    QVERIFY(!html.contains("<b>"));
    QVERIFY(html.contains(
        "<a href=\"%3Cb%3E.html\">&lt;b&gt;.html</a></td><td>3</td><td>Sun, 06 Nov 1994 08:49:37 GMT"));
    QVERIFY(html.contains("<a href=\"sub/\">sub/</a></td><td>-</td>"));
    QVERIFY(html.contains("<td>1234567</td>"));
    QVERIFY(html.contains("<a href=\"../\">"));
    QVERIFY(html.indexOf("sub/") < html.indexOf("alpha"));
    QVERIFY(html.indexOf("alpha") < html.indexOf("zeta.txt"));
    out.clear();
    DirectoryListing::render("/", {}, out);
    QVERIFY(!QByteArray::fromStdString(out).contains("../"));
}

void TestDirectoryListing::readsDirectory()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QDir(dir.path()).mkdir(QStringLiteral("child"));
    for (const char *name : { "b.txt", "a.txt", ".hidden" }) {
        QFile file(dir.filePath(QString::fromLatin1(name)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("12345");
    }
    std::vector<DirectoryListing::Entry> entries;
    QVERIFY(DirectoryListing::read(
        ::open(QFile::encodeName(dir.path()).constData(), O_RDONLY | O_DIRECTORY), entries));
    DirectoryListing::sort(entries);
    QCOMPARE(entries.size(), size_t(3));
    QCOMPARE(QByteArray::fromStdString(entries[0].name), QByteArray("child"));
    QVERIFY(entries[0].isDirectory);
    QCOMPARE(QByteArray::fromStdString(entries[1].name), QByteArray("a.txt"));
    QCOMPARE(entries[1].size, quint64(5));
    std::string out;
    DirectoryListing::render("/x/", entries, out);
    QVERIFY(!QByteArray::fromStdString(out).contains(QFile::encodeName(dir.path())));
    QVERIFY(!QByteArray::fromStdString(out).contains(".hidden"));
}

QTEST_GUILESS_MAIN(TestDirectoryListing)
#include "tst_directorylisting.moc"
