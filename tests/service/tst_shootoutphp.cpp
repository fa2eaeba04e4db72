// The shootout's PHP workloads (issue #25): W5 (hello.php), W5r (the former
// W5's fixed answer) and W7p (a PHP page reading a SQLite database with PDO),
// the PHP site they are served from (Workload::makePhpSite: the scripts and
// the database written into a real temporary folder), and the PHP-FPM pool
// they run in (ShootoutPhp): a real php-fpm8.2 started on a unix socket,
// asked over FastCGI 1.0 records (a small client below, with FCGI_RESPONDER
// and no FCGI_KEEP_CONN) for each page, which must answer the workload's
// bytes; its CPU time per request counted from /proc over those requests;
// and stopped, nothing of its session left. Without php-fpm installed the
// tests that need it skip, saying which package to install.
#include "shootout/ServerCatalog.h"
#include "shootout/ServerProcess.h"
#include "shootout/ShootoutPhp.h"
#include "shootout/Workload.h"

#include <QDir>
#include <QFile>
#include <QLocalSocket>
#include <QProcess>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace Qt::StringLiterals;
using hostbench::shootout::ServerProcess;
using hostbench::shootout::ShootoutPhp;
using hostbench::shootout::Workload;

namespace {

constexpr int kReadyMs = 15'000;

// One FastCGI record (FastCGI 1.0, section 3.3): version 1, request id 1.
QByteArray record(quint8 type, const QByteArray &content)
{
    QByteArray out;
    out.append(char(1)).append(char(type)).append(char(0)).append(char(1));
    out.append(char(content.size() >> 8)).append(char(content.size() & 0xff));
    out.append(char(0)).append(char(0)); // no padding
    return out + content;
}

// A name-value pair (section 3.4), lengths below 128 in one byte, else in four.
QByteArray pair(const QByteArray &name, const QByteArray &value)
{
    QByteArray out;
    for (const qsizetype length : { name.size(), value.size() }) {
        if (length < 128) {
            out.append(char(length));
        } else {
            out.append(char(0x80 | (length >> 24))).append(char(length >> 16)).append(char(length >> 8));
            out.append(char(length));
        }
    }
    return out + name + value;
}

struct FastCgiAnswer
{
    QByteArray headers;
    QByteArray body;
    QByteArray stderrText;
    bool ended = false; // an FCGI_END_REQUEST came
    QString error;
};

// GET of `script` (an absolute file) from the PHP-FPM listening on `socketPath`.
FastCgiAnswer fastCgiGet(const QString &socketPath, const QString &script, const QString &uri)
{
    FastCgiAnswer answer;
    QLocalSocket socket;
    socket.connectToServer(socketPath);
    if (!socket.waitForConnected(5000)) {
        answer.error = socket.errorString();
        return answer;
    }
    // FCGI_BEGIN_REQUEST: role FCGI_RESPONDER (1), flags 0 (PHP-FPM closes the connection after it).
    QByteArray request = record(1, QByteArray("\0\1\0\0\0\0\0\0", 8));
    QByteArray params = pair("SCRIPT_FILENAME", script.toUtf8()) + pair("SCRIPT_NAME", uri.toUtf8())
        + pair("REQUEST_URI", uri.toUtf8()) + pair("DOCUMENT_URI", uri.toUtf8())
        + pair("REQUEST_METHOD", "GET") + pair("QUERY_STRING", {}) + pair("SERVER_PROTOCOL", "HTTP/1.1")
        + pair("GATEWAY_INTERFACE", "CGI/1.1") + pair("SERVER_NAME", "localhost")
        + pair("REMOTE_ADDR", "127.0.0.1");
    request += record(4, params) + record(4, {}) + record(5, {}); // FCGI_PARAMS, end, empty FCGI_STDIN
    socket.write(request);
    QByteArray in;
    while (socket.state() == QLocalSocket::ConnectedState && socket.waitForReadyRead(10'000))
        in += socket.readAll();
    in += socket.readAll();
    QByteArray stdoutText;
    while (in.size() >= 8) {
        const int type = quint8(in.at(1));
        const int length = quint8(in.at(4)) << 8 | quint8(in.at(5));
        const int padding = quint8(in.at(6));
        if (in.size() < 8 + length + padding)
            break;
        const QByteArray content = in.mid(8, length);
        if (type == 6)
            stdoutText += content;
        else if (type == 7)
            answer.stderrText += content;
        else if (type == 3)
            answer.ended = true;
        in.remove(0, 8 + length + padding);
    }
    const qsizetype split = stdoutText.indexOf("\r\n\r\n");
    answer.headers = stdoutText.left(split);
    answer.body = split < 0 ? QByteArray() : stdoutText.mid(split + 4);
    if (!answer.ended)
        answer.error = u"no FCGI_END_REQUEST (%1 bytes left)"_s.arg(in.size());
    return answer;
}

QString phpCli()
{
    for (const QString &name : { u"php8.2"_s, u"php"_s })
        if (const QString found = QStandardPaths::findExecutable(name); !found.isEmpty())
            return found;
    return {};
}

} // namespace

class TestShootoutPhp final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void workloads_data();
    void workloads();
    void phpSiteHoldsTheScriptsAndTheDatabase();
    void filesSiteLeavesThePhpPagesOut();
    void w7pDatabaseIsTheSameEveryTime();
    void pagesPrintTheWorkloadsBytes();
    void poolAnswersEachPageOverFastCgi();
    void poolCpuIsCountedPerRequest();
    void stopLeavesNothingBehind();
    void missingPhpFpmIsFoundMissing();
    void failingPhpFpmSaysWhy();
    void tooLongSocketPathIsAnError();

private:
    // The PHP site written under m_dir; the pool started on it (skips without php-fpm).
    bool startPool();
    QString siteRoot() const { return m_dir->filePath(u"site-php"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<ShootoutPhp> m_pool;
};

void TestShootoutPhp::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    qunsetenv("HOSTBENCH_SERVER_PATH");
}

void TestShootoutPhp::cleanup()
{
    m_pool.reset(); // stops it
    m_dir.reset();
    qunsetenv("HOSTBENCH_SERVER_PATH");
}

bool TestShootoutPhp::startPool()
{
    QString error;
    if (!Workload::makePhpSite(siteRoot(), { *Workload::find(u"W5"_s), *Workload::find(u"W7p"_s) },
            u"unix:/unused.sock"_s, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    m_pool = std::make_unique<ShootoutPhp>();
    if (!m_pool->start(ShootoutPhp::locate(), m_dir->filePath(u"php-fpm"_s), -1, kReadyMs, &error)) {
        qWarning("%s", qPrintable(error));
        return false;
    }
    return true;
}

void TestShootoutPhp::workloads_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("php");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("sourceStart");
    // The founding post's "hello world" page, through PHP-FPM.
    QTest::newRow("W5") << u"W5"_s << u"/hello.php"_s << true << QByteArray("hello")
                        << QByteArray("<?php echo \"hello\";");
    // The former W5: a fixed answer, no app.
    QTest::newRow("W5r") << u"W5r"_s << u"/hello"_s << false << QByteArray("hello") << QByteArray();
    // Three SELECTs on a 100-row table: the same short answer from every server.
    QTest::newRow("W7p") << u"W7p"_s << u"/w7p.php"_s << true
                         << QByteArray("items 100, sum 2533, #42 item 042 at 39\n")
                         << QByteArray("<?php\n$db = new PDO(");
    QTest::newRow("lower case") << u"w7p"_s << u"/w7p.php"_s << true
                                << QByteArray("items 100, sum 2533, #42 item 042 at 39\n")
                                << QByteArray("<?php\n");
}

void TestShootoutPhp::workloads()
{
    QFETCH(QString, id);
    QFETCH(QString, path);
    QFETCH(bool, php);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, sourceStart);
    const std::optional<Workload> workload = Workload::find(id);
    QVERIFY(workload);
    QCOMPARE(workload->id.toLower(), id.toLower());
    QCOMPARE(workload->path, path);
    QCOMPARE(workload->php, php);
    QVERIFY(!workload->proxied);
    QCOMPARE(workload->fixedBody, body);
    QCOMPARE(workload->bytes, qint64(body.size()));
    QCOMPARE(workload->concurrency, 50); // the issue's -c 50 keep-alive
    QVERIFY(workload->phpSource.startsWith(sourceStart));
    QCOMPARE(workload->phpSource.isEmpty(), !php);
    QVERIFY(Workload::ids().contains(workload->id));
}

void TestShootoutPhp::phpSiteHoldsTheScriptsAndTheDatabase()
{
    QString error;
    const auto site = Workload::makePhpSite(siteRoot(),
        { *Workload::find(u"W5"_s), *Workload::find(u"W5r"_s), *Workload::find(u"W7p"_s) },
        u"unix:/tmp/x/php-fpm.sock"_s, &error);
    QVERIFY2(site, qPrintable(error));
    QVERIFY(site->isDefault);
    QCOMPARE(site->documentRoot, siteRoot());
    QCOMPARE(site->php.address, u"unix:/tmp/x/php-fpm.sock"_s);
    QCOMPARE(site->php.pathPrefix, u"/"_s);
    QVERIFY(!site->php.frontController);
    QVERIFY(site->routes.isEmpty());
    QVERIFY(site->proxy.routes.isEmpty());
    QVERIFY(!site->accessLogEnabled);
    QVERIFY(!site->errorLogEnabled);
    // The scripts, not their answers; W5r (no PHP) has no file there.
    QStringList files = QDir(siteRoot()).entryList(QDir::Files);
    QCOMPARE(files, (QStringList { u"hello.php"_s, u"w7p.php"_s }));
    QFile hello(QDir(siteRoot()).filePath(u"hello.php"_s));
    QVERIFY(hello.open(QIODevice::ReadOnly));
    QCOMPARE(hello.readAll(), Workload::find(u"W5"_s)->phpSource);
    QVERIFY(QFileInfo(hello).permissions() & QFile::ReadOther); // workers that drop privileges read it
    // The database beside the document root, not in it (never served).
    const QString database = m_dir->filePath(u"php-data/w7p.sqlite"_s);
    QCOMPARE(Workload::phpDataFolder(siteRoot()), m_dir->filePath(u"php-data"_s));
    QVERIFY(QFile::exists(database));

    // A folder that cannot be made is an error that names it.
    QFile file(m_dir->filePath(u"file"_s));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.close();
    QVERIFY(!Workload::makePhpSite(
        m_dir->filePath(u"file/sub"_s), { *Workload::find(u"W5"_s) }, u"unix:/x.sock"_s, &error));
    QVERIFY2(error.contains(m_dir->filePath(u"file/sub"_s)), qPrintable(error));
}

void TestShootoutPhp::filesSiteLeavesThePhpPagesOut()
{
    QString error;
    const auto site = Workload::makeSite(m_dir->path(),
        { *Workload::find(u"W5"_s), *Workload::find(u"W5r"_s), *Workload::find(u"W7p"_s) }, &error);
    QVERIFY2(site, qPrintable(error));
    QCOMPARE(site->routes.size(), 1); // W5r's fixed answer only
    QCOMPARE(site->routes.constFirst().path, u"/hello"_s);
    QCOMPARE(site->routes.constFirst().body, QByteArray("hello"));
    QVERIFY(!site->php.isSet());
    QVERIFY(QFile::exists(m_dir->filePath(u"hello"_s)));
    QVERIFY(!QFile::exists(m_dir->filePath(u"hello.php"_s)));
    QVERIFY(!QFile::exists(m_dir->filePath(u"w7p.php"_s)));
}

void TestShootoutPhp::w7pDatabaseIsTheSameEveryTime()
{
    const QString file = m_dir->filePath(u"w7p.sqlite"_s);
    QString error;
    QVERIFY2(Workload::writeW7pDatabase(file, &error), qPrintable(error));
    QVERIFY2(Workload::writeW7pDatabase(file, &error), qPrintable(error)); // replaced, not appended to
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"check"_s);
        db.setDatabaseName(file);
        QVERIFY(db.open());
        QSqlQuery query(db);
        QVERIFY(query.exec(u"SELECT COUNT(*), SUM(price), MIN(id), MAX(id) FROM items"_s) && query.next());
        QCOMPARE(query.value(0).toInt(), 100);
        QCOMPARE(query.value(2).toInt(), 1);
        QCOMPARE(query.value(3).toInt(), 100);
        QVERIFY(query.exec(u"SELECT name, price FROM items WHERE id = 42"_s) && query.next());
        QCOMPARE(query.value(0).toString(), u"item 042"_s);
        QCOMPARE(query.value(1).toInt(), 39);
        query.finish();
        db.close();
    }
    QSqlDatabase::removeDatabase(u"check"_s);
    // A file that cannot be written is an error that names it.
    QVERIFY(!Workload::writeW7pDatabase(m_dir->filePath(u"none/w7p.sqlite"_s), &error));
    QVERIFY2(error.contains(m_dir->filePath(u"none/w7p.sqlite"_s)), qPrintable(error));
}

void TestShootoutPhp::pagesPrintTheWorkloadsBytes()
{
    // The scripts themselves, run by PHP's command line on the site as written.
    const QString php = phpCli();
    if (php.isEmpty())
        QSKIP("PHP's command line is not installed (apt-get install php8.2-cli php8.2-sqlite3)");
    QString error;
    QVERIFY2(Workload::makePhpSite(siteRoot(), { *Workload::find(u"W5"_s), *Workload::find(u"W7p"_s) },
                 u"unix:/x.sock"_s, &error),
        qPrintable(error));
    for (const QString &id : { u"W5"_s, u"W7p"_s }) {
        const Workload workload = *Workload::find(id);
        QProcess process;
        process.start(php, { QDir(siteRoot()).filePath(workload.path.mid(1)) });
        QVERIFY(process.waitForFinished(30'000));
        QCOMPARE(process.readAllStandardError(), QByteArray());
        QCOMPARE(process.readAllStandardOutput(), workload.fixedBody);
        QCOMPARE(process.exitCode(), 0);
    }
}

void TestShootoutPhp::poolAnswersEachPageOverFastCgi()
{
    if (ShootoutPhp::locate().isEmpty())
        QSKIP("PHP-FPM is not installed (apt-get install php8.2-fpm php8.2-sqlite3)");
    QVERIFY(startPool());
    QVERIFY(m_pool->isRunning());
    QCOMPARE(m_pool->socketPath(), m_dir->filePath(u"php-fpm/php-fpm.sock"_s));
    QCOMPARE(m_pool->address(), u"unix:"_s + m_dir->filePath(u"php-fpm/php-fpm.sock"_s));
    QVERIFY2(m_pool->version().startsWith(u"8."_s) || m_pool->version().startsWith(u"7."_s),
        qPrintable(m_pool->version()));
    const QString described = m_pool->describe();
    QVERIFY2(described.contains(u"(PHP %1, pm static, 8 children) on unix:"_s.arg(m_pool->version())),
        qPrintable(described));
    QVERIFY(described.endsWith(u", pid %1"_s.arg(m_pool->process().pid())));
    // Its master and its 8 children (pm = static) in one session.
    QTRY_COMPARE(ServerProcess::sessionProcesses(m_pool->process().pid()).size(), 1 + ShootoutPhp::kChildren);
    QFile conf(m_dir->filePath(u"php-fpm/php-fpm.conf"_s));
    QVERIFY(conf.open(QIODevice::ReadOnly));
    const QByteArray text = conf.readAll();
    QVERIFY(text.contains("pm = static\npm.max_children = 8\n"));
    QVERIFY(text.contains("daemonize = no\n"));

    for (const QString &id : { u"W5"_s, u"W7p"_s }) {
        const Workload workload = *Workload::find(id);
        const FastCgiAnswer answer = fastCgiGet(
            m_pool->socketPath(), QDir(siteRoot()).filePath(workload.path.mid(1)), workload.path);
        QVERIFY2(answer.error.isEmpty(), qPrintable(answer.error));
        QCOMPARE(answer.stderrText, QByteArray());
        QVERIFY2(answer.headers.contains("Content-type: text/html"), answer.headers.constData());
        QVERIFY2(!answer.headers.contains("Status:"), answer.headers.constData()); // 200
        QCOMPARE(answer.body, workload.fixedBody);
    }
}

void TestShootoutPhp::poolCpuIsCountedPerRequest()
{
    // The pool's own CPU (its master's and children's utime + stime, /proc)
    // over a few hundred W7p requests: more than nothing, less than 100 ms a request.
    if (ShootoutPhp::locate().isEmpty())
        QSKIP("PHP-FPM is not installed (apt-get install php8.2-fpm php8.2-sqlite3)");
    QVERIFY(startPool());
    const Workload w7p = *Workload::find(u"W7p"_s);
    const QString script = QDir(siteRoot()).filePath(w7p.path.mid(1));
    const qint64 before = m_pool->cpuTicks();
    QVERIFY(before >= 0);
    // The kernel counts CPU in clock ticks (10 ms), charged to the process
    // running when a tick falls: 400 W7p requests (about 20 ms over 8
    // children) were once charged no tick at all. More rounds until one is.
    constexpr int kRound = 400;
    int requests = 0;
    qint64 ticks = 0;
    for (int round = 0; round < 25 && ticks == 0; ++round) {
        for (int i = 0; i < kRound; ++i) {
            const FastCgiAnswer answer = fastCgiGet(m_pool->socketPath(), script, w7p.path);
            QCOMPARE(answer.body, w7p.fixedBody);
        }
        requests += kRound;
        ticks = m_pool->cpuTicks() - before;
    }
    QVERIFY2(ticks > 0, qPrintable(QString::number(ticks)));
    const double us = ShootoutPhp::usPerRequest(ticks, requests);
    QVERIFY2(us > 0 && us < 100'000, qPrintable(QString::number(us)));
    QCOMPARE(us, double(ticks) / ServerProcess::ticksPerSecond() * 1e6 / requests);
    QCOMPARE(ShootoutPhp::usPerRequest(ticks, 0), 0.0); // none completed
    qInfo("PHP-FPM: %.1f us CPU per W7p request over %d requests (%lld ticks)", us, requests, ticks);
}

void TestShootoutPhp::stopLeavesNothingBehind()
{
    if (ShootoutPhp::locate().isEmpty())
        QSKIP("PHP-FPM is not installed (apt-get install php8.2-fpm php8.2-sqlite3)");
    QVERIFY(startPool());
    const qint64 session = m_pool->process().pid();
    QVERIFY(session > 0);
    QVERIFY(!ServerProcess::sessionProcesses(session).isEmpty());
    m_pool->stop();
    QVERIFY(!m_pool->isRunning());
    QVERIFY(ServerProcess::sessionProcesses(session).isEmpty());
    QLocalSocket socket;
    socket.connectToServer(m_dir->filePath(u"php-fpm/php-fpm.sock"_s));
    QVERIFY(!socket.waitForConnected(1000));
}

void TestShootoutPhp::missingPhpFpmIsFoundMissing()
{
    // Searched where the servers are: an empty folder holds none.
    QVERIFY(QDir().mkpath(m_dir->filePath(u"bin"_s)));
    qputenv("HOSTBENCH_SERVER_PATH", m_dir->filePath(u"bin"_s).toLocal8Bit());
    QCOMPARE(ShootoutPhp::locate(), QString());
    QCOMPARE(ShootoutPhp::package(), u"php8.2-fpm"_s);
    // Another version's binary is found when php-fpm8.2 is not there.
    QFile other(m_dir->filePath(u"bin/php-fpm8.3"_s));
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.write("#!/bin/sh\n");
    other.close();
    other.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    QCOMPARE(ShootoutPhp::locate(), m_dir->filePath(u"bin/php-fpm8.3"_s));
}

void TestShootoutPhp::failingPhpFpmSaysWhy()
{
    // A php-fpm that refuses to start: false, naming it, with what it said.
    const QString program = m_dir->filePath(u"php-fpm8.2"_s);
    QFile script(program);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write("#!/bin/sh\n[ \"$1\" = -v ] && exit 1\necho 'ERROR: failed to open configuration file' "
                 ">&2\nexit 78\n");
    script.close();
    script.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    ShootoutPhp pool;
    QString error;
    QVERIFY(!pool.start(program, m_dir->filePath(u"php-fpm"_s), -1, kReadyMs, &error));
    QVERIFY2(error.startsWith(u"PHP-FPM (php-fpm8.2) did not start: "_s), qPrintable(error));
    QVERIFY2(error.contains(u"exited with code 78 before it listened on "_s
                 + m_dir->filePath(u"php-fpm/php-fpm.sock"_s)),
        qPrintable(error));
    QVERIFY2(error.contains(u"ERROR: failed to open configuration file"_s), qPrintable(error));
    QVERIFY(!pool.isRunning());
}

void TestShootoutPhp::tooLongSocketPathIsAnError()
{
    ShootoutPhp pool;
    QString error;
    const QString prefix = m_dir->filePath(QString(120, u'p'));
    QVERIFY(!pool.start(u"/bin/true"_s, prefix, -1, kReadyMs, &error));
    QVERIFY2(error.contains(u"longer than a unix socket's 107 bytes"_s), qPrintable(error));
}

QTEST_GUILESS_MAIN(TestShootoutPhp)
#include "tst_shootoutphp.moc"
