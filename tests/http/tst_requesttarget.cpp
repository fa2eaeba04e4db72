#include "http/RequestTarget.h"

#include <QTest>

using hostbench::http::RequestTarget;

class TestRequestTarget final : public QObject
{
    Q_OBJECT

private slots:
    void split_data();
    void split();
    void normalizePath_data();
    void normalizePath();
};

void TestRequestTarget::split_data()
{
    QTest::addColumn<QByteArray>("target");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QByteArray>("authority");
    QTest::addColumn<QByteArray>("path");
    QTest::addColumn<QByteArray>("query");
    QTest::newRow("origin") << QByteArray("/a/b.txt") << true << QByteArray() << QByteArray("/a/b.txt")
                            << QByteArray();
    QTest::newRow("query") << QByteArray("/ok?x=1&y") << true << QByteArray() << QByteArray("/ok")
                           << QByteArray("x=1&y");
    QTest::newRow("empty query") << QByteArray("/ok?") << true << QByteArray() << QByteArray("/ok")
                                 << QByteArray();
    QTest::newRow("fragment dropped")
        << QByteArray("/a#frag") << true << QByteArray() << QByteArray("/a") << QByteArray();
    QTest::newRow("absolute") << QByteArray("http://Example.com:81/x?q") << true
                              << QByteArray("Example.com:81") << QByteArray("/x") << QByteArray("q");
    QTest::newRow("absolute https upper")
        << QByteArray("HTTPS://h/") << true << QByteArray("h") << QByteArray("/") << QByteArray();
    QTest::newRow("absolute no path")
        << QByteArray("http://h") << true << QByteArray("h") << QByteArray("/") << QByteArray();
    QTest::newRow("absolute query only")
        << QByteArray("http://h?q=1") << true << QByteArray("h") << QByteArray("/") << QByteArray("q=1");
    QTest::newRow("absolute userinfo")
        << QByteArray("http://u:p@h/x") << true << QByteArray("h") << QByteArray("/x") << QByteArray();
    QTest::newRow("asterisk") << QByteArray("*") << false << QByteArray() << QByteArray() << QByteArray();
    QTest::newRow("authority form") << QByteArray("h:443") << false << QByteArray() << QByteArray()
                                    << QByteArray();
    QTest::newRow("other scheme") << QByteArray("ftp://h/x") << false << QByteArray() << QByteArray()
                                  << QByteArray();
    QTest::newRow("empty authority") << QByteArray("http:///x") << false << QByteArray() << QByteArray()
                                     << QByteArray();
    QTest::newRow("empty") << QByteArray() << false << QByteArray() << QByteArray() << QByteArray();
}

void TestRequestTarget::split()
{
    QFETCH(QByteArray, target);
    QFETCH(bool, ok);
    QFETCH(QByteArray, authority);
    QFETCH(QByteArray, path);
    QFETCH(QByteArray, query);
    RequestTarget out;
    QCOMPARE(RequestTarget::split(std::string_view(target.constData(), size_t(target.size())), out), ok);
    if (!ok)
        return;
    QCOMPARE(QByteArray(out.authority.data(), qsizetype(out.authority.size())), authority);
    QCOMPARE(QByteArray(out.path.data(), qsizetype(out.path.size())), path);
    QCOMPARE(QByteArray(out.query.data(), qsizetype(out.query.size())), query);
}

void TestRequestTarget::normalizePath_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QByteArray>("expected");
    QTest::addColumn<QByteArray>("reason"); // for the error log; empty: none
    const QByteArray climbs(RequestTarget::kClimbsAboveRoot);
    const QByteArray badByte(RequestTarget::kBadByte);
    const QByteArray badEscape(RequestTarget::kBadEscape);
    QTest::newRow("root") << QByteArray("/") << true << QByteArray("/") << QByteArray();
    QTest::newRow("file") << QByteArray("/x.txt") << true << QByteArray("/x.txt") << QByteArray();
    QTest::newRow("directory") << QByteArray("/a/b/") << true << QByteArray("/a/b/") << QByteArray();
    QTest::newRow("percent") << QByteArray("/hello%20world.txt") << true << QByteArray("/hello world.txt")
                             << QByteArray();
    QTest::newRow("percent lower hex")
        << QByteArray("/%c3%a9") << true << QByteArray("/\xc3\xa9") << QByteArray();
    QTest::newRow("utf8 raw") << QByteArray("/\xc3\xa9") << true << QByteArray("/\xc3\xa9") << QByteArray();
    QTest::newRow("plus is literal") << QByteArray("/a+b") << true << QByteArray("/a+b") << QByteArray();
    QTest::newRow("double slash") << QByteArray("//a///b") << true << QByteArray("/a/b") << QByteArray();
    QTest::newRow("dot") << QByteArray("/./a/./b") << true << QByteArray("/a/b") << QByteArray();
    QTest::newRow("trailing dot") << QByteArray("/a/.") << true << QByteArray("/a/") << QByteArray();
    QTest::newRow("dot dot inside") << QByteArray("/a/b/../c") << true << QByteArray("/a/c") << QByteArray();
    QTest::newRow("dot dot to root") << QByteArray("/a/..") << true << QByteArray("/") << QByteArray();
    QTest::newRow("dot dot trailing slash")
        << QByteArray("/a/b/../") << true << QByteArray("/a/") << QByteArray();
    QTest::newRow("three dots is a name")
        << QByteArray("/.../x") << true << QByteArray("/.../x") << QByteArray();
    QTest::newRow("dotfile") << QByteArray("/.hidden") << true << QByteArray("/.hidden") << QByteArray();
    QTest::newRow("dots in name") << QByteArray("/a..b/..c") << true << QByteArray("/a..b/..c")
                                  << QByteArray();
    QTest::newRow("encoded slash is a slash")
        << QByteArray("/a%2Fb") << true << QByteArray("/a/b") << QByteArray();
    QTest::newRow("encoded dot dot inside")
        << QByteArray("/a/%2e%2e/b") << true << QByteArray("/b") << QByteArray();
    QTest::newRow("climb") << QByteArray("/../etc/passwd") << false << QByteArray() << climbs;
    QTest::newRow("climb end") << QByteArray("/..") << false << QByteArray() << climbs;
    QTest::newRow("climb encoded") << QByteArray("/%2e%2e/etc/passwd") << false << QByteArray() << climbs;
    QTest::newRow("climb encoded upper")
        << QByteArray("/%2E%2E/etc/passwd") << false << QByteArray() << climbs;
    QTest::newRow("climb mixed") << QByteArray("/.%2e/x") << false << QByteArray() << climbs;
    QTest::newRow("climb after descent") << QByteArray("/a/../../x") << false << QByteArray() << climbs;
    QTest::newRow("climb encoded slashes")
        << QByteArray("/a%2f..%2f..%2fx") << false << QByteArray() << climbs;
    QTest::newRow("climb via dot and slashes")
        << QByteArray("/./a//..//../x") << false << QByteArray() << climbs;
    QTest::newRow("encoded nul") << QByteArray("/x%00.txt") << false << QByteArray() << badByte;
    QTest::newRow("backslash") << QByteArray("/..\\..\\etc\\passwd") << false << QByteArray() << badByte;
    QTest::newRow("encoded backslash")
        << QByteArray("/..%5c..%5cetc%5cpasswd") << false << QByteArray() << badByte;
    QTest::newRow("bad escape") << QByteArray("/a%zz") << false << QByteArray() << badEscape;
    QTest::newRow("truncated escape") << QByteArray("/a%2") << false << QByteArray() << badEscape;
    QTest::newRow("lone percent") << QByteArray("/a%") << false << QByteArray() << badEscape;
    QTest::newRow("relative") << QByteArray("a/b") << false << QByteArray() << QByteArray();
    QTest::newRow("empty") << QByteArray() << false << QByteArray() << QByteArray();
}

void TestRequestTarget::normalizePath()
{
    QFETCH(QByteArray, raw);
    QFETCH(bool, ok);
    QFETCH(QByteArray, expected);
    QFETCH(QByteArray, reason);
    std::string out = "leftover";
    const char *why = "leftover";
    QCOMPARE(
        RequestTarget::normalizePath(std::string_view(raw.constData(), size_t(raw.size())), out, &why), ok);
    if (ok)
        QCOMPARE(QByteArray::fromStdString(out), expected);
    QCOMPARE(QByteArray(why), reason);
}

QTEST_GUILESS_MAIN(TestRequestTarget)
#include "tst_requesttarget.moc"
