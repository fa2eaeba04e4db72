#include "control/ControlToken.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using hostbench::control::ControlToken;

class TestControlToken final : public QObject
{
    Q_OBJECT

private slots:
    void createdOnceWithOwnerOnlyMode();
    void eachFolderHasItsOwn();
    void missingTokenIsAnError();
    void tokenOthersMayReadIsRefused_data();
    void tokenOthersMayReadIsRefused();
    void malformedTokenIsRefused_data();
    void malformedTokenIsRefused();
    void fromAuthorization_data();
    void fromAuthorization();
    void matches_data();
    void matches();
};

void TestControlToken::createdOnceWithOwnerOnlyMode()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString folder = dir.filePath(u"data/nested"_s); // created on the way
    QString error;
    const QByteArray token = ControlToken::loadOrCreate(folder, &error);
    QVERIFY2(!token.isEmpty(), qPrintable(error));
    QCOMPARE(token.size(), ControlToken::kHexLength);
    QVERIFY(QByteArray::fromHex(token).toHex() == token); // lower-case hexadecimal only

    const QString path = ControlToken::filePath(folder);
    QCOMPARE(path, folder + u"/control.token"_s);
    QCOMPARE(QFile::permissions(path) & ~(QFileDevice::ReadUser | QFileDevice::WriteUser),
        QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), token + '\n');
    // No temporary file is left beside it.
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), QStringList { u"control.token"_s });

    // Later starts read the same token; so does a reader that never creates.
    QCOMPARE(ControlToken::loadOrCreate(folder, &error), token);
    QCOMPARE(ControlToken::load(folder, &error), token);
}

void TestControlToken::eachFolderHasItsOwn()
{
    QTemporaryDir dir;
    QString error;
    const QByteArray a = ControlToken::loadOrCreate(dir.filePath(u"a"_s), &error);
    const QByteArray b = ControlToken::loadOrCreate(dir.filePath(u"b"_s), &error);
    QVERIFY(!a.isEmpty() && !b.isEmpty());
    QVERIFY(a != b);
}

void TestControlToken::missingTokenIsAnError()
{
    QTemporaryDir dir;
    QString error;
    QVERIFY(ControlToken::load(dir.path(), &error).isEmpty());
    QVERIFY2(error.contains(ControlToken::filePath(dir.path())), qPrintable(error));
    QVERIFY(!QFile::exists(ControlToken::filePath(dir.path()))); // load() never creates
    QVERIFY(ControlToken::loadOrCreate({}, &error).isEmpty());
}

void TestControlToken::tokenOthersMayReadIsRefused_data()
{
    QTest::addColumn<int>("extra");
    QTest::newRow("group read") << int(QFileDevice::ReadGroup);
    QTest::newRow("others read") << int(QFileDevice::ReadOther);
    QTest::newRow("group write") << int(QFileDevice::WriteGroup);
}

void TestControlToken::tokenOthersMayReadIsRefused()
{
    QFETCH(int, extra);
    QTemporaryDir dir;
    QString error;
    QVERIFY(!ControlToken::loadOrCreate(dir.path(), &error).isEmpty());
    const QString path = ControlToken::filePath(dir.path());
    QVERIFY(QFile::setPermissions(path, QFile::permissions(path) | QFileDevice::Permissions(extra)));
    QVERIFY(ControlToken::load(dir.path(), &error).isEmpty());
    QVERIFY2(error.contains(u"chmod 600"_s), qPrintable(error));
    // Not silently replaced either: the user decides.
    QVERIFY(ControlToken::loadOrCreate(dir.path(), &error).isEmpty());
}

void TestControlToken::malformedTokenIsRefused_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("short") << QByteArray(63, 'a');
    QTest::newRow("long") << QByteArray(65, 'a');
    QTest::newRow("not hex") << QByteArray(64, 'g');
    QTest::newRow("upper case") << QByteArray(64, 'A');
}

void TestControlToken::malformedTokenIsRefused()
{
    QFETCH(QByteArray, content);
    QTemporaryDir dir;
    QFile file(ControlToken::filePath(dir.path()));
    QVERIFY(file.open(QIODevice::WriteOnly, QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    QCOMPARE(file.write(content), content.size());
    file.close();
    QString error;
    QVERIFY(ControlToken::loadOrCreate(dir.path(), &error).isEmpty());
    QVERIFY2(error.contains(u"hexadecimal"_s), qPrintable(error));
}

void TestControlToken::fromAuthorization_data()
{
    QTest::addColumn<QByteArray>("field");
    QTest::addColumn<QByteArray>("token");
    QTest::newRow("bearer") << "Bearer abc123"_ba
                            << "abc123"_ba;
    QTest::newRow("scheme in lower case") << "bearer abc123"_ba
                                          << "abc123"_ba;
    QTest::newRow("scheme in upper case") << "BEARER abc123"_ba
                                          << "abc123"_ba;
    QTest::newRow("spaces around") << "  Bearer   abc123  "_ba
                                   << "abc123"_ba;
    QTest::newRow("empty") << QByteArray() << QByteArray();
    QTest::newRow("scheme only") << "Bearer"_ba << QByteArray();
    QTest::newRow("scheme and space") << "Bearer "_ba << QByteArray();
    QTest::newRow("basic") << "Basic YWxhZGRpbjpvcGVuc2VzYW1l"_ba << QByteArray();
    QTest::newRow("scheme glued") << "Bearerabc123"_ba << QByteArray();
    QTest::newRow("two words") << "Bearer abc 123"_ba << QByteArray();
    QTest::newRow("token only") << "abc123"_ba << QByteArray();
}

void TestControlToken::fromAuthorization()
{
    QFETCH(QByteArray, field);
    QFETCH(QByteArray, token);
    QCOMPARE(ControlToken::fromAuthorization(field), token);
}

void TestControlToken::matches_data()
{
    const QByteArray token(64, 'c');
    QTest::addColumn<QByteArray>("presented");
    QTest::addColumn<QByteArray>("token");
    QTest::addColumn<bool>("expected");
    QTest::newRow("same") << token << token << true;
    QTest::newRow("last digit differs") << QByteArray(QByteArray(63, 'c') + 'd') << token << false;
    QTest::newRow("first digit differs") << QByteArray('d' + QByteArray(63, 'c')) << token << false;
    QTest::newRow("prefix") << token.left(63) << token << false;
    QTest::newRow("longer") << QByteArray(token + 'c') << token << false;
    QTest::newRow("empty presented") << QByteArray() << token << false;
    QTest::newRow("empty token matches nothing") << QByteArray() << QByteArray() << false;
}

void TestControlToken::matches()
{
    QFETCH(QByteArray, presented);
    QFETCH(QByteArray, token);
    QFETCH(bool, expected);
    QCOMPARE(ControlToken::matches(presented, token), expected);
}

QTEST_GUILESS_MAIN(TestControlToken)
#include "tst_controltoken.moc"
