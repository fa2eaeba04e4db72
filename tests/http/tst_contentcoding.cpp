#include "http/ContentCoding.h"

#include <QTest>

using namespace hostbench::http;

// Accept-Encoding negotiation between identity and precompressed siblings (RFC 9110 §12.5.3).
class TestContentCoding final : public QObject
{
    Q_OBJECT

private slots:
    void choose_data();
    void choose();
};

Q_DECLARE_METATYPE(ContentCoding::Coding)

void TestContentCoding::choose_data()
{
    QTest::addColumn<QByteArray>("acceptEncoding");
    QTest::addColumn<bool>("haveBrotli");
    QTest::addColumn<bool>("haveGzip");
    QTest::addColumn<ContentCoding::Coding>("coding");

    using C = ContentCoding::Coding;
    QTest::newRow("absent") << QByteArray() << true << true << C::Identity;
    QTest::newRow("gzip") << QByteArray("gzip") << true << true << C::Gzip;
    QTest::newRow("browser") << QByteArray("gzip, deflate, br") << true << true << C::Brotli;
    QTest::newRow("browser, only gz") << QByteArray("gzip, deflate, br") << false << true << C::Gzip;
    QTest::newRow("no siblings") << QByteArray("gzip, br") << false << false << C::Identity;
    QTest::newRow("br only, no br file") << QByteArray("br") << false << true << C::Identity;
    QTest::newRow("q prefers gzip") << QByteArray("br;q=0.5, gzip;q=0.8") << true << true << C::Gzip;
    QTest::newRow("br q0") << QByteArray("br;q=0, gzip") << true << true << C::Gzip;
    QTest::newRow("all q0") << QByteArray("br;q=0, gzip;q=0") << true << true << C::Identity;
    QTest::newRow("case") << QByteArray("GZIP") << false << true << C::Gzip;
    QTest::newRow("x-gzip") << QByteArray("x-gzip") << false << true << C::Gzip;
    QTest::newRow("star") << QByteArray("*") << true << true << C::Brotli;
    QTest::newRow("star q0 with gzip") << QByteArray("gzip, *;q=0") << true << true << C::Gzip;
    QTest::newRow("star but not br") << QByteArray("*, br;q=0") << true << true << C::Gzip;
    QTest::newRow("identity preferred")
        << QByteArray("identity;q=1, gzip;q=0.5") << false << true << C::Identity;
    QTest::newRow("identity excluded") << QByteArray("gzip;q=0.1, identity;q=0") << false << true << C::Gzip;
    QTest::newRow("identity excluded, nothing else")
        << QByteArray("identity;q=0") << true << true << C::Identity;
    QTest::newRow("spaces") << QByteArray(" gzip ; q = 0.5 , br ;q=0.4") << true << true << C::Gzip;
    QTest::newRow("q with three decimals") << QByteArray("br;q=0.001") << true << false << C::Brotli;
    QTest::newRow("bad q dropped") << QByteArray("br;q=2, gzip") << true << true << C::Gzip;
    QTest::newRow("bad q text dropped") << QByteArray("br;q=high") << true << false << C::Identity;
    QTest::newRow("other parameter dropped") << QByteArray("br;level=5") << true << false << C::Identity;
    QTest::newRow("unknown codings") << QByteArray("deflate, compress, zstd") << true << true << C::Identity;
    QTest::newRow("empty elements") << QByteArray(",,gzip,,") << false << true << C::Gzip;
}

void TestContentCoding::choose()
{
    QFETCH(QByteArray, acceptEncoding);
    QFETCH(bool, haveBrotli);
    QFETCH(bool, haveGzip);
    QFETCH(ContentCoding::Coding, coding);
    QCOMPARE(ContentCoding::choose(acceptEncoding.toStdString(), haveBrotli, haveGzip), coding);
}

QTEST_GUILESS_MAIN(TestContentCoding)
#include "tst_contentcoding.moc"
