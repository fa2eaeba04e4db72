// PhpSettings' address and checks (issue #25), and that SiteValidator
// reports them under Errors::php.
#include "model/PhpSettings.h"
#include "model/SiteValidator.h"

#include <QDir>
#include <QTest>

using namespace hostbench::model;
using namespace Qt::StringLiterals;

class TestPhpSettings : public QObject
{
    Q_OBJECT

private slots:
    void parseAddress_data();
    void parseAddress();
    void check_data();
    void check();
    void validatorNamesPhp();
};

void TestPhpSettings::parseAddress_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<FastCgiAddress::Kind>("kind");
    QTest::addColumn<QString>("display"); // accepted: the normal form; refused: part of the reason
    using K = FastCgiAddress::Kind;
    QTest::newRow("auto") << u"auto"_s << K::Auto << u"auto"_s;
    QTest::newRow("AUTO, blanks") << u"  AUTO "_s << K::Auto << u"auto"_s;
    QTest::newRow("ipv4") << u"127.0.0.1:9000"_s << K::Tcp << u"127.0.0.1:9000"_s;
    QTest::newRow("name") << u"PHP.test:9001"_s << K::Tcp << u"php.test:9001"_s;
    QTest::newRow("ipv6") << u"[::1]:9000"_s << K::Tcp << u"[::1]:9000"_s;
    QTest::newRow("socket") << u"unix:/run/php/php8.2-fpm.sock"_s << K::Unix
                            << u"unix:/run/php/php8.2-fpm.sock"_s;
    QTest::newRow("empty") << QString() << K::Invalid << u"empty"_s;
    QTest::newRow("no port") << u"127.0.0.1"_s << K::Invalid << u"port"_s;
    QTest::newRow("port 0") << u"127.0.0.1:0"_s << K::Invalid << u"1 to 65535"_s;
    QTest::newRow("port too big") << u"127.0.0.1:65536"_s << K::Invalid << u"1 to 65535"_s;
    QTest::newRow("scheme") << u"tcp://127.0.0.1:9000"_s << K::Invalid << u"no scheme"_s;
    QTest::newRow("path") << u"127.0.0.1/x:9000"_s << K::Invalid << u"“/”"_s;
    QTest::newRow("relative socket") << u"unix:php.sock"_s << K::Invalid << u"absolute"_s;
    QTest::newRow("socket folder") << u"unix:/run/php/"_s << K::Invalid << u"not a folder"_s;
    QTest::newRow("socket too long") << u"unix:/"_s + QString(120, u'a') << K::Invalid << u"107"_s;
    QTest::newRow("bad host") << u"-x-:9000"_s << K::Invalid << u"host"_s;
}

void TestPhpSettings::parseAddress()
{
    QFETCH(QString, text);
    QFETCH(FastCgiAddress::Kind, kind);
    QFETCH(QString, display);
    QString error;
    const FastCgiAddress address = FastCgiAddress::parse(text, &error);
    QCOMPARE(address.kind, kind);
    if (kind == FastCgiAddress::Kind::Invalid)
        QVERIFY2(error.contains(display), qPrintable(error));
    else
        QCOMPARE(address.display(), display);
}

void TestPhpSettings::check_data()
{
    QTest::addColumn<PhpSettings>("php");
    QTest::addColumn<QString>("error"); // a part of the message, empty: valid
    const PhpSettings base { u"auto"_s, u"/"_s, false, 60000 };
    QTest::newRow("none") << PhpSettings {} << QString();
    QTest::newRow("none, odd prefix ignored") << PhpSettings { {}, u"x"_s, false, 0 } << QString();
    QTest::newRow("auto, whole site") << base << QString();
    QTest::newRow("prefix, front controller")
        << PhpSettings { u"unix:/run/php.sock"_s, u"/blog"_s, true, 30000 } << QString();
    QTest::newRow("bad address") << PhpSettings { u"9000"_s, u"/"_s, false, 60000 } << u"port"_s;
    QTest::newRow("relative prefix") << PhpSettings { u"auto"_s, u"blog"_s, false, 60000 } << u"PHP path"_s;
    QTest::newRow("dot-dot prefix") << PhpSettings { u"auto"_s, u"/a/../b"_s, false, 60000 } << u"“..”"_s;
    QTest::newRow("prefix with blank") << PhpSettings { u"auto"_s, u"/a b"_s, false, 60000 } << u"blanks"_s;
    QTest::newRow("timeout too short") << PhpSettings { u"auto"_s, u"/"_s, false, 99 } << u"timeout"_s;
    QTest::newRow("timeout shortest") << PhpSettings { u"auto"_s, u"/"_s, false, 100 } << QString();
    QTest::newRow("timeout longest") << PhpSettings { u"auto"_s, u"/"_s, false, 3600000 } << QString();
    QTest::newRow("timeout too long") << PhpSettings { u"auto"_s, u"/"_s, false, 3600001 } << u"timeout"_s;
}

void TestPhpSettings::check()
{
    QFETCH(PhpSettings, php);
    QFETCH(QString, error);
    const QString reason = PhpCheck::check(php);
    if (error.isEmpty())
        QVERIFY2(reason.isEmpty(), qPrintable(reason));
    else
        QVERIFY2(reason.contains(error), qPrintable(reason));
}

void TestPhpSettings::validatorNamesPhp()
{
    VirtualHost host;
    host.hostName = u"php.test"_s;
    host.documentRoot = QDir::tempPath();
    host.php.address = u"localhost"_s;
    const SiteValidator::Errors errors = SiteValidator::validate(host, {}, {});
    QVERIFY2(errors.php.contains(u"port"_s), qPrintable(errors.php));
    QVERIFY(!errors.isEmpty());
    host.php.address = u"auto"_s;
    QVERIFY(SiteValidator::validate(host, {}, {}).php.isEmpty());
}

QTEST_GUILESS_MAIN(TestPhpSettings)
#include "tst_phpsettings.moc"
