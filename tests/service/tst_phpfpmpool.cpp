// Issue #25: the PHP-FPM pool Hostbench runs for the sites whose PHP address
// is "auto" (service::PhpFpmPool, PhpFpmSetup), with the REAL php-fpm8.2 of
// Debian's php8.2-fpm: real processes, a real Unix socket spoken to in
// FastCGI records (BEGIN_REQUEST, PARAMS, STDIN; STDOUT back) running a PHP
// file of the test's, a real engine (service::Instance) beside it. The
// backoff is scaled down with setTiming() (AppTiming: 50 ms doubled up to
// 300 ms).
//
// What is checked: which php-fpm is found (php-fpm8.2 first, else the highest
// version, else php-fpm; $HOSTBENCH_PHP_FPM overrides); the configuration
// (its size from the worker count, no user lines but as root, clear_env
// left at its default, paths that cannot be written refused); "auto"
// resolved to the pool's socket, other addresses left; the version line.
// Then, running: the pool starts for an "auto" site and its socket answers
// FastCGI; the folder is 0700, the configuration 0600, the log is written;
// the version is read; php-fpm killed is started again and answers; stopped,
// no process of its group is left (/proc); no "auto" site, no process;
// HOSTBENCH_PHP_FPM missing: the message names php8.2-fpm, in the state and
// the site's error log, at once; a socket left by a dead php-fpm is not
// taken for the new one's, and one that never comes is said; the Instance hands the engine the resolved
// socket, keeps "auto" in its sites, serves the other sites, and stops the
// pool with the engine and with the reload that drops the last "auto" site.
#include "http/HttpServer.h"
#include "instance/Instance.h"
#include "instance/PhpFpmPool.h"
#include "instance/PhpFpmSetup.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QLocalSocket>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <memory>

using namespace Qt::StringLiterals;
using namespace hostbench;
using PoolState = service::PhpFpmPool::State;
using service::PhpFpmSetup;

namespace {

constexpr int kTimeoutMs = 20'000; // two busy cores

service::AppTiming fastTiming()
{
    service::AppTiming timing;
    timing.firstBackoffMs = 50;
    timing.maxBackoffMs = 300;
    timing.stableMs = 10'000;
    timing.maxFailures = 5;
    return timing;
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString &path, const QByteArray &text, QFile::Permissions permissions = {})
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text) != text.size())
        return false;
    return permissions == QFile::Permissions() || file.setPermissions(permissions);
}

// The permission bits of `path` (-1: none such).
int modeOf(const QString &path)
{
    struct stat info = {};
    return ::stat(QFile::encodeName(path).constData(), &info) == 0 ? int(info.st_mode & 07777) : -1;
}

// Gone: no such process, or a zombie (dead, not yet reaped by its parent).
bool processGone(qint64 pid)
{
    const QByteArray text = readFile(u"/proc/%1/stat"_s.arg(pid));
    const qsizetype close = text.lastIndexOf(')');
    return text.isEmpty() || close < 0 || text.mid(close + 2, 1) == "Z";
}

// The live processes of process group `group` (php-fpm's master and workers).
QList<qint64> groupMembers(qint64 group)
{
    QList<qint64> pids;
    for (const QString &entry : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (!number)
            continue;
        const QByteArray text = readFile(u"/proc/%1/stat"_s.arg(pid));
        const qsizetype close = text.lastIndexOf(')');
        if (close < 0)
            continue;
        const QList<QByteArray> fields = text.mid(close + 2).split(' '); // state ppid pgrp ...
        if (fields.size() > 2 && fields[0] != "Z" && fields[2].toLongLong() == group)
            pids << pid;
    }
    return pids;
}

// Processes whose command line names `text` (php-fpm's master shows its configuration's path).
QList<qint64> processesNaming(const QString &text)
{
    QList<qint64> pids;
    for (const QString &entry : QDir(u"/proc"_s).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        bool number = false;
        const qint64 pid = entry.toLongLong(&number);
        if (number && !processGone(pid) && readFile(u"/proc/%1/cmdline"_s.arg(pid)).contains(text.toUtf8()))
            pids << pid;
    }
    return pids;
}

// One FastCGI record (FastCGI 1.0, section 3.3), request id 1.
QByteArray record(quint8 type, const QByteArray &content)
{
    QByteArray out;
    out += char(1);
    out += char(type);
    out += char(0);
    out += char(1);
    out += char((content.size() >> 8) & 0xff);
    out += char(content.size() & 0xff);
    out += char(0);
    out += char(0);
    return out + content;
}

QByteArray nameValue(const QByteArray &name, const QByteArray &value)
{
    // Both lengths below 128: one byte each (section 3.4).
    return char(name.size()) + (char(value.size()) + name + value);
}

// A GET of `script` through the FastCGI socket at `socketPath`: what came on
// FCGI_STDOUT until FCGI_END_REQUEST (empty: no answer).
QByteArray fastCgiGet(const QString &socketPath, const QString &script)
{
    QLocalSocket socket;
    socket.connectToServer(socketPath);
    if (!socket.waitForConnected(5000)) {
        qWarning("connect: %s", qPrintable(socket.errorString()));
        return {};
    }
    const QByteArray begin("\0\1\0\0\0\0\0\0", 8); // FCGI_RESPONDER, no FCGI_KEEP_CONN
    const QByteArray params = nameValue("SCRIPT_FILENAME", script.toUtf8())
        + nameValue("REQUEST_METHOD", "GET") + nameValue("SCRIPT_NAME", "/hello.php")
        + nameValue("QUERY_STRING", "who=test") + nameValue("SERVER_PROTOCOL", "HTTP/1.1")
        + nameValue("GATEWAY_INTERFACE", "CGI/1.1");
    socket.write(record(1, begin) + record(4, params) + record(4, {}) + record(5, {}));
    QByteArray in, out;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 10'000) {
        // What came with the peer's close is read too (waitForReadyRead is false then).
        const bool more = socket.waitForReadyRead(1000);
        in += socket.readAll();
        while (in.size() >= 8) {
            const int length = (quint8(in[4]) << 8) | quint8(in[5]), padding = quint8(in[6]);
            if (in.size() < 8 + length + padding)
                break;
            const int type = quint8(in[1]);
            if (type == 6)
                out += in.mid(8, length);
            in.remove(0, 8 + length + padding);
            if (type == 3)
                return out; // FCGI_END_REQUEST
        }
        if (!more && socket.state() != QLocalSocket::ConnectedState)
            break;
    }
    qWarning("no end: %d bytes left, %s", int(in.size()), qPrintable(socket.errorString()));
    return {};
}

model::VirtualHost makeSite(const QString &name, const QString &root, const QString &logs, const QString &php)
{
    model::VirtualHost host;
    host.hostName = name;
    host.documentRoot = root;
    host.accessLogPath = QDir(logs).filePath(name + u".access.log"_s);
    host.errorLogPath = QDir(logs).filePath(name + u".error.log"_s);
    host.php.address = php;
    return host;
}

// GET / from the engine with `host`: the status (0: no answer).
int httpStatus(quint16 port, const QByteArray &host)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000))
        return 0;
    socket.write("GET /hello.txt HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
    QByteArray answer;
    while (socket.state() == QAbstractSocket::ConnectedState && socket.waitForReadyRead(5000))
        answer += socket.readAll();
    answer += socket.readAll();
    return answer.startsWith("HTTP/1.1 ") ? answer.mid(9, 3).toInt() : 0;
}

} // namespace

class TestPhpFpmPool final : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void findBinaryIn_data();
    void findBinaryIn();
    void binaryVariableOverrides();
    void sizeFor_data();
    void sizeFor();
    void configText();
    void configTextRefusesBadPaths_data();
    void configTextRefusesBadPaths();
    void resolved_data();
    void resolved();
    void versionFrom_data();
    void versionFrom();
    void poolAnswersFastCgiForAnAutoSite();
    void killedPoolIsStartedAgain();
    void stoppedPoolLeavesNoProcess();
    void noAutoSiteStartsNoProcess();
    void notInstalledSaysWhichPackage();
    void staleSocketIsNotReady();
    void instanceResolvesAutoAndServesTheOtherSites();
    void instanceNotInstalledStillServes();

private:
    QString data() const { return m_dir->filePath(u"data"_s); }
    model::VirtualHost autoSite() const;
    std::unique_ptr<service::PhpFpmPool> startPool();
    bool waitReady(const service::PhpFpmPool &pool, qint64 notPid = 0) const;

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_script;
};

void TestPhpFpmPool::init()
{
    qunsetenv(PhpFpmSetup::kBinaryVariable);
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir(m_dir->path()).mkpath(u"www"_s));
    QVERIFY(QDir(m_dir->path()).mkpath(u"logs"_s));
    QVERIFY(QDir(m_dir->path()).mkpath(u"data"_s));
    m_script = m_dir->filePath(u"www/hello.php"_s);
    QVERIFY(writeFile(m_script, "<?php echo 'hello from ', $_GET['who'], ' on ', PHP_VERSION;\n"));
    QVERIFY(writeFile(m_dir->filePath(u"www/hello.txt"_s), "static hello\n"));
}

void TestPhpFpmPool::cleanup()
{
    qunsetenv(PhpFpmSetup::kBinaryVariable);
    m_dir.reset();
}

model::VirtualHost TestPhpFpmPool::autoSite() const
{
    return makeSite(u"php.test"_s, m_dir->filePath(u"www"_s), m_dir->filePath(u"logs"_s), u"auto"_s);
}

std::unique_ptr<service::PhpFpmPool> TestPhpFpmPool::startPool()
{
    auto pool = std::make_unique<service::PhpFpmPool>();
    pool->setTiming(fastTiming());
    pool->setDataFolder(data());
    pool->apply({ autoSite() }, 2);
    return pool;
}

bool TestPhpFpmPool::waitReady(const service::PhpFpmPool &pool, qint64 notPid) const
{
    return QTest::qWaitFor(
        [&] { return pool.state() == PoolState::Ready && pool.pid() != 0 && pool.pid() != notPid; },
        kTimeoutMs);
}

void TestPhpFpmPool::findBinaryIn_data()
{
    QTest::addColumn<QStringList>("first"); // executables in the first folder
    QTest::addColumn<QStringList>("second"); // and in the second
    QTest::addColumn<QString>("found"); // "1/NAME", "2/NAME" or "" for none

    QTest::newRow("none") << QStringList() << QStringList() << QString();
    QTest::newRow("debian 12's") << QStringList { u"php-fpm8.2"_s } << QStringList() << u"1/php-fpm8.2"_s;
    QTest::newRow("8.2 before a higher one")
        << QStringList { u"php-fpm8.3"_s } << QStringList { u"php-fpm8.2"_s } << u"2/php-fpm8.2"_s;
    QTest::newRow("the highest version") << QStringList { u"php-fpm7.4"_s, u"php-fpm8.1"_s }
                                         << QStringList { u"php-fpm8.3"_s } << u"2/php-fpm8.3"_s;
    QTest::newRow("8.10 above 8.9") << QStringList { u"php-fpm8.9"_s, u"php-fpm8.10"_s } << QStringList()
                                    << u"1/php-fpm8.10"_s;
    QTest::newRow("a version before plain php-fpm")
        << QStringList { u"php-fpm"_s } << QStringList { u"php-fpm8.1"_s } << u"2/php-fpm8.1"_s;
    QTest::newRow("plain php-fpm") << QStringList() << QStringList { u"php-fpm"_s } << u"2/php-fpm"_s;
    QTest::newRow("the first plain php-fpm")
        << QStringList { u"php-fpm"_s } << QStringList { u"php-fpm"_s } << u"1/php-fpm"_s;
    QTest::newRow("not php-fpm's names")
        << QStringList { u"php-fpm.conf"_s, u"php-fpm8.2-old"_s, u"php8.2"_s } << QStringList() << QString();
    QTest::newRow("not executable") << QStringList { u"-php-fpm8.2"_s } << QStringList { u"-php-fpm8.3"_s }
                                    << QString();
}

void TestPhpFpmPool::findBinaryIn()
{
    QFETCH(QStringList, first);
    QFETCH(QStringList, second);
    QFETCH(QString, found);
    const QStringList folders { m_dir->filePath(u"1"_s), m_dir->filePath(u"2"_s) };
    const QList<QStringList> names { first, second };
    for (int i = 0; i < 2; ++i) {
        QVERIFY(QDir().mkpath(folders[i]));
        for (QString name : names[i]) {
            // A leading '-': a file of that name that is not executable.
            const bool executable = !name.startsWith(u'-');
            if (!executable)
                name.remove(0, 1);
            QVERIFY(writeFile(QDir(folders[i]).filePath(name), "#!/bin/sh\n",
                QFile::ReadOwner | QFile::WriteOwner
                    | (executable ? QFile::ExeOwner : QFile::Permissions())));
        }
    }
    QCOMPARE(PhpFpmSetup::findBinaryIn(folders), found.isEmpty() ? QString() : m_dir->filePath(found));
}

void TestPhpFpmPool::binaryVariableOverrides()
{
    // Installed here: Debian's php8.2-fpm is found in /usr/sbin, whatever $PATH says.
    QCOMPARE(PhpFpmSetup::findBinary(), u"/usr/sbin/php-fpm8.2"_s);
    qputenv(PhpFpmSetup::kBinaryVariable, m_dir->filePath(u"missing/php-fpm"_s).toUtf8());
    QCOMPARE(PhpFpmSetup::findBinary(), QString());
    const QString other = m_dir->filePath(u"my-php-fpm"_s);
    QVERIFY(writeFile(other, "#!/bin/sh\n", QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    qputenv(PhpFpmSetup::kBinaryVariable, other.toUtf8());
    QCOMPARE(PhpFpmSetup::findBinary(), other);
}

void TestPhpFpmPool::sizeFor_data()
{
    QTest::addColumn<int>("workers");
    QTest::addColumn<int>("maxChildren");
    QTest::addColumn<int>("minSpare");
    QTest::addColumn<int>("maxSpare");

    QTest::newRow("0 workers") << 0 << 4 << 2 << 2;
    QTest::newRow("1 worker") << 1 << 4 << 2 << 2;
    QTest::newRow("2 workers") << 2 << 4 << 2 << 2;
    QTest::newRow("3 workers") << 3 << 6 << 2 << 3;
    QTest::newRow("8 workers") << 8 << 16 << 4 << 8;
    QTest::newRow("64 workers") << 64 << 128 << 32 << 64;
}

void TestPhpFpmPool::sizeFor()
{
    QFETCH(int, workers);
    QFETCH(int, maxChildren);
    QFETCH(int, minSpare);
    QFETCH(int, maxSpare);
    const PhpFpmSetup::Size size = PhpFpmSetup::sizeFor(workers);
    QCOMPARE(size.maxChildren, maxChildren);
    QCOMPARE(size.minSpare, minSpare);
    QCOMPARE(size.maxSpare, maxSpare);
    QCOMPARE(size.startServers, minSpare);
    // What php-fpm itself demands of pm = dynamic.
    QVERIFY(size.minSpare <= size.startServers && size.startServers <= size.maxSpare);
    QVERIFY(size.maxSpare <= size.maxChildren);
}

void TestPhpFpmPool::configText()
{
    QString error;
    const QString text = PhpFpmSetup::configText(u"/srv/hb"_s, 8, {}, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString &line :
        { u"pid = \"/srv/hb/php/php-fpm.pid\""_s, u"error_log = \"/srv/hb/logs/php-fpm.log\""_s,
            u"daemonize = no"_s, u"[hostbench]"_s, u"listen = \"/srv/hb/php/php-fpm.sock\""_s,
            u"listen.mode = 0600"_s, u"pm = dynamic"_s, u"pm.max_children = 16"_s, u"pm.start_servers = 4"_s,
            u"pm.min_spare_servers = 4"_s, u"pm.max_spare_servers = 8"_s, u"pm.max_requests = 0"_s,
            u"catch_workers_output = yes"_s, u"php_value[upload_max_filesize] = 1G"_s,
            u"php_value[post_max_size] = 1G"_s, u"listen.backlog = 4096"_s })
        QVERIFY2(text.split(u'\n').contains(line), qPrintable(line));
    // Not root: it runs as whoever starts it; FPM's clear_env = yes stays.
    QVERIFY(!text.contains(u"user ="_s));
    QVERIFY(!text.contains(u"group ="_s));
    QVERIFY(!text.contains(u"clear_env"_s));
    QVERIFY(!text.contains(u"include"_s)); // none of the system's pools

    const QString asRoot = PhpFpmSetup::configText(u"/srv/hb"_s, 1, u"root"_s, u"root"_s, &error);
    QVERIFY(asRoot.split(u'\n').contains(u"user = root"_s));
    QVERIFY(asRoot.split(u'\n').contains(u"group = root"_s));
    QCOMPARE(PhpFpmSetup::arguments(u"/srv/hb"_s, false),
        QStringList({ u"--nodaemonize"_s, u"--fpm-config"_s, u"/srv/hb/php/php-fpm.conf"_s }));
    QCOMPARE(PhpFpmSetup::arguments(u"/srv/hb"_s, true).last(), u"--allow-to-run-as-root"_s);
}

void TestPhpFpmPool::configTextRefusesBadPaths_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QString>("reason"); // a part of the error

    QTest::newRow("a quote") << u"/srv/a\"b"_s << u"cannot take"_s;
    QTest::newRow("a dollar") << u"/srv/$HOME"_s << u"cannot take"_s;
    QTest::newRow("a line break") << u"/srv/a\nb"_s << u"cannot take"_s;
    QTest::newRow("socket too long") << u"/srv/"_s + QString(100, u'x') << u"longer than a Unix socket"_s;
}

void TestPhpFpmPool::configTextRefusesBadPaths()
{
    QFETCH(QString, folder);
    QFETCH(QString, reason);
    QString error;
    QCOMPARE(PhpFpmSetup::configText(folder, 2, {}, {}, &error), QString());
    QVERIFY2(error.contains(reason), qPrintable(error));
}

void TestPhpFpmPool::resolved_data()
{
    QTest::addColumn<QString>("address");
    QTest::addColumn<QString>("engine");

    QTest::newRow("auto") << u"auto"_s << u"unix:/d/php/php-fpm.sock"_s;
    QTest::newRow("AUTO with spaces") << u" AUTO "_s << u"unix:/d/php/php-fpm.sock"_s;
    QTest::newRow("a socket of its own")
        << u"unix:/run/php/php8.2-fpm.sock"_s << u"unix:/run/php/php8.2-fpm.sock"_s;
    QTest::newRow("tcp") << u"127.0.0.1:9000"_s << u"127.0.0.1:9000"_s;
    QTest::newRow("no php") << QString() << QString();
}

void TestPhpFpmPool::resolved()
{
    QFETCH(QString, address);
    QFETCH(QString, engine);
    model::VirtualHost site = autoSite();
    site.php.address = address;
    const QList<model::VirtualHost> sites { site, makeSite(u"other"_s, u"/www"_s, u"/logs"_s, u"auto"_s) };
    const QList<model::VirtualHost> out = PhpFpmSetup::resolved(sites, u"/d/php/php-fpm.sock"_s);
    QCOMPARE(out.size(), 2);
    QCOMPARE(out[0].php.address, engine);
    QCOMPARE(out[1].php.address, u"unix:/d/php/php-fpm.sock"_s);
    QCOMPARE(PhpFpmSetup::isAuto(site), engine.startsWith(u"unix:/d/"_s));
    QCOMPARE(PhpFpmSetup::anyAuto({ site }), engine.startsWith(u"unix:/d/"_s));
}

void TestPhpFpmPool::versionFrom_data()
{
    QTest::addColumn<QByteArray>("output");
    QTest::addColumn<QString>("version");

    QTest::newRow("debian 12") << QByteArray(
        "PHP 8.2.7 (fpm-fcgi) (built: Jun  9 2023 19:37:27)\nCopyright (c)\n")
                               << u"PHP 8.2.7 (fpm-fcgi)"_s;
    QTest::newRow("no build date") << QByteArray("PHP 8.3.1 (fpm-fcgi)\n") << u"PHP 8.3.1 (fpm-fcgi)"_s;
    QTest::newRow("no sapi") << QByteArray("PHP 8.1.2\n") << u"PHP 8.1.2"_s;
    QTest::newRow("not php") << QByteArray("Usage: php [options]\n") << QString();
    QTest::newRow("nothing") << QByteArray() << QString();
}

void TestPhpFpmPool::versionFrom()
{
    QFETCH(QByteArray, output);
    QFETCH(QString, version);
    QCOMPARE(PhpFpmSetup::versionFrom(output), version);
}

void TestPhpFpmPool::poolAnswersFastCgiForAnAutoSite()
{
    std::unique_ptr<service::PhpFpmPool> pool = startPool();
    QVERIFY2(waitReady(*pool), qPrintable(pool->message()));
    QCOMPARE(pool->socketPath(), data() + u"/php/php-fpm.sock"_s);
    QCOMPARE(pool->binary(), u"/usr/sbin/php-fpm8.2"_s);
    const QByteArray answer = fastCgiGet(pool->socketPath(), m_script);
    QVERIFY2(answer.contains("hello from test on 8.2."), answer.constData());
    QVERIFY(answer.contains("Content-type: text/html"));

    // Private: the folder 0700, the configuration and the socket 0600.
    QCOMPARE(modeOf(data() + u"/php"_s), 0700);
    QCOMPARE(modeOf(data() + u"/php/php-fpm.conf"_s), 0600);
    QCOMPARE(modeOf(pool->socketPath()), 0600);
    const QByteArray config = readFile(data() + u"/php/php-fpm.conf"_s);
    QVERIFY(config.contains("pm.max_children = 4\n"));
    QCOMPARE(config.contains("user = root\n"), ::geteuid() == 0);
    // php-fpm's log, and the supervisor's lines in it.
    QTRY_VERIFY_WITH_TIMEOUT(
        readFile(pool->logPath()).contains("NOTICE: ready to handle connections"), kTimeoutMs);
    QVERIFY(readFile(pool->logPath()).contains("[hostbench] started"));

    // Its version, read once by `php-fpm8.2 -v`.
    QTRY_VERIFY_WITH_TIMEOUT(!pool->phpVersion().isEmpty(), kTimeoutMs);
    QVERIFY2(pool->phpVersion().startsWith(u"PHP 8.2."_s), qPrintable(pool->phpVersion()));
    QVERIFY(pool->phpVersion().endsWith(u"(fpm-fcgi)"_s));

    // The same sites again: nothing restarts.
    const qint64 pid = pool->pid();
    pool->apply({ autoSite() }, 2);
    QCOMPARE(pool->pid(), pid);
    QCOMPARE(pool->state(), PoolState::Ready);
    // Another worker count: another size, a new php-fpm.
    pool->apply({ autoSite() }, 6);
    QVERIFY2(waitReady(*pool, pid), qPrintable(pool->message()));
    QVERIFY(readFile(data() + u"/php/php-fpm.conf"_s).contains("pm.max_children = 12\n"));
    QTRY_VERIFY_WITH_TIMEOUT(processGone(pid), kTimeoutMs);
    QVERIFY(fastCgiGet(pool->socketPath(), m_script).contains("hello from test"));
}

void TestPhpFpmPool::killedPoolIsStartedAgain()
{
    std::unique_ptr<service::PhpFpmPool> pool = startPool();
    QVERIFY2(waitReady(*pool), qPrintable(pool->message()));
    const qint64 pid = pool->pid();
    QTRY_VERIFY_WITH_TIMEOUT(groupMembers(pid).size() >= 3, kTimeoutMs); // the master, 2 spare workers
    const QList<qint64> workers = groupMembers(pid);
    QCOMPARE(::kill(pid_t(pid), SIGKILL), 0);
    QVERIFY2(waitReady(*pool, pid), qPrintable(pool->message()));
    QVERIFY(fastCgiGet(pool->socketPath(), m_script).contains("hello from test"));
    // The old workers went with their master.
    for (qint64 worker : workers)
        QTRY_VERIFY_WITH_TIMEOUT(processGone(worker), kTimeoutMs);
    QVERIFY(readFile(pool->logPath()).contains("killed by signal 9"));
}

void TestPhpFpmPool::stoppedPoolLeavesNoProcess()
{
    std::unique_ptr<service::PhpFpmPool> pool = startPool();
    QVERIFY2(waitReady(*pool), qPrintable(pool->message()));
    const QList<qint64> members = groupMembers(pool->pid());
    QVERIFY(members.contains(pool->pid()));
    QVERIFY(!processesNaming(data()).isEmpty());
    pool->stop();
    QTRY_COMPARE_WITH_TIMEOUT(pool->state(), PoolState::Off, kTimeoutMs);
    QCOMPARE(pool->pid(), 0);
    for (qint64 pid : members)
        QVERIFY2(processGone(pid), qPrintable(QString::number(pid)));
    QVERIFY(processesNaming(data()).isEmpty());
    // Graceful: php-fpm's master said goodbye (SIGQUIT), not killed.
    QTRY_VERIFY_WITH_TIMEOUT(readFile(pool->logPath()).contains("exiting, bye-bye"), kTimeoutMs);
    QVERIFY(readFile(pool->logPath()).contains("SIGQUIT"));

    // Started again, then its owner goes: its destructor leaves nothing either.
    pool->apply({ autoSite() }, 2);
    QVERIFY2(waitReady(*pool), qPrintable(pool->message()));
    const QList<qint64> again = groupMembers(pool->pid());
    pool.reset();
    for (qint64 pid : again)
        QVERIFY2(processGone(pid), qPrintable(QString::number(pid)));
}

void TestPhpFpmPool::noAutoSiteStartsNoProcess()
{
    service::PhpFpmPool pool;
    pool.setDataFolder(data());
    model::VirtualHost own = autoSite();
    own.php.address = u"unix:/run/php/php8.2-fpm.sock"_s;
    model::VirtualHost plain = autoSite();
    plain.hostName = u"static.test"_s;
    plain.php.address.clear();
    pool.apply({ own, plain }, 2);
    QTest::qWait(300);
    QCOMPARE(pool.state(), PoolState::Off);
    QVERIFY(pool.process() == nullptr);
    QVERIFY(processesNaming(data()).isEmpty());
    QVERIFY(!QFile::exists(data() + u"/php/php-fpm.conf"_s));

    // The last "auto" site gone at a reload: the pool stops.
    pool.setTiming(fastTiming());
    pool.apply({ autoSite(), plain }, 2);
    QVERIFY2(waitReady(pool), qPrintable(pool.message()));
    const qint64 pid = pool.pid();
    pool.apply({ own, plain }, 2);
    QTRY_COMPARE_WITH_TIMEOUT(pool.state(), PoolState::Off, kTimeoutMs);
    QVERIFY(processGone(pid));
    QVERIFY(processesNaming(data()).isEmpty());
}

void TestPhpFpmPool::notInstalledSaysWhichPackage()
{
    qputenv(PhpFpmSetup::kBinaryVariable, m_dir->filePath(u"nowhere/php-fpm8.2"_s).toUtf8());
    service::PhpFpmPool pool;
    pool.setDataFolder(data());
    QElapsedTimer clock;
    clock.start();
    pool.apply({ autoSite() }, 2);
    QVERIFY(clock.elapsed() < 1000); // nothing waits
    QCOMPARE(pool.state(), PoolState::NotInstalled);
    QVERIFY2(pool.message().contains(u"php8.2-fpm"_s), qPrintable(pool.message()));
    QVERIFY(pool.message().contains(u"apt-get install php8.2-fpm"_s));
    QCOMPARE(pool.message(), PhpFpmSetup::notInstalledMessage());
    QVERIFY(pool.process() == nullptr);
    QVERIFY(pool.phpVersion().isEmpty());
    const QByteArray log = readFile(autoSite().errorLogPath);
    QVERIFY2(log.contains("[error] PHP-FPM is not installed: install Debian's package php8.2-fpm"),
        log.constData());
    QVERIFY(log.contains(", server: php.test\n"));
    // Said once, not at each reload.
    pool.apply({ autoSite() }, 2);
    QCOMPARE(readFile(autoSite().errorLogPath).count("not installed"), 1);
}

void TestPhpFpmPool::staleSocketIsNotReady()
{
    // A socket left by a php-fpm that died (SIGKILL: it could not unlink it),
    // and a "php-fpm" that never listens: the pool must not take the old
    // socket for the new one's, and says that none came.
    QVERIFY(QDir().mkpath(data() + u"/php"_s));
    const QString socketPath = PhpFpmSetup::socketPath(data());
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    QVERIFY(fd >= 0);
    sockaddr_un address = {};
    address.sun_family = AF_UNIX;
    const QByteArray path = QFile::encodeName(socketPath);
    std::memcpy(address.sun_path, path.constData(), size_t(path.size()));
    QCOMPARE(::bind(fd, reinterpret_cast<const sockaddr *>(&address), sizeof address), 0);
    ::close(fd);
    QCOMPARE(modeOf(socketPath) >= 0, true);
    const QString fake = m_dir->filePath(u"php-fpm-silent"_s);
    QVERIFY(writeFile(fake,
        "#!/bin/sh\nif [ \"$1\" = -v ]; then echo 'PHP 9.9.9 (fpm-fcgi) (built: never)'; exit 0; fi\nexec "
        "sleep 60\n",
        QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner));
    qputenv(PhpFpmSetup::kBinaryVariable, fake.toUtf8());
    service::PhpFpmPool pool;
    pool.setTiming(fastTiming());
    pool.setSocketWaitMs(600);
    pool.setDataFolder(data());
    pool.apply({ autoSite() }, 2);
    QTRY_VERIFY_WITH_TIMEOUT(pool.message().contains(u"did not appear within 0.6 s"_s), kTimeoutMs);
    QCOMPARE(pool.state(), PoolState::Starting);
    QVERIFY(pool.pid() != 0);
    QCOMPARE(pool.binary(), fake);
    QCOMPARE(pool.phpVersion(), u"PHP 9.9.9 (fpm-fcgi)"_s); // from the binary it runs
    pool.stop();
    QTRY_COMPARE_WITH_TIMEOUT(pool.state(), PoolState::Off, kTimeoutMs);
}

void TestPhpFpmPool::instanceResolvesAutoAndServesTheOtherSites()
{
    model::VirtualHost php = autoSite();
    model::VirtualHost plain
        = makeSite(u"static.test"_s, m_dir->filePath(u"www"_s), m_dir->filePath(u"logs"_s), {});
    plain.isDefault = true;
    QList<model::VirtualHost> sites { plain, php };
    service::Instance instance(nullptr, data(), [&sites](QList<model::VirtualHost> *out, QString *) {
        *out = sites;
        return true;
    });
    instance.php().setTiming(fastTiming());
    model::ServerConfig config;
    config.port = 0;
    config.threads = 3;
    config.dataFolder = data();
    QString error;
    QVERIFY2(instance.start(config, &error), qPrintable(error));
    // The engine has the socket; what was given keeps "auto".
    QCOMPARE(instance.sites()[1].php.address, u"auto"_s);
    QCOMPARE(instance.engineSites()[1].php.address, u"unix:"_s + data() + u"/php/php-fpm.sock"_s);
    QCOMPARE(instance.engineSites()[0].php.address, QString());
    QVERIFY2(waitReady(instance.php()), qPrintable(instance.php().message()));
    QVERIFY(readFile(data() + u"/php/php-fpm.conf"_s).contains("pm.max_children = 6\n")); // 2 x 3 workers
    QVERIFY2(fastCgiGet(instance.php().socketPath(), m_script).contains("hello from test"),
        readFile(instance.php().logPath()).constData());
    QCOMPARE(httpStatus(instance.server().port(), "static.test"), 200);

    // A reload without the "auto" site stops the pool; one with it starts it again.
    const qint64 pid = instance.php().pid();
    sites = { plain };
    QVERIFY2(instance.reload(&error), qPrintable(error));
    QTRY_COMPARE_WITH_TIMEOUT(instance.php().state(), PoolState::Off, kTimeoutMs);
    QVERIFY(processGone(pid));
    sites = { plain, php };
    QVERIFY2(instance.reload(&error), qPrintable(error));
    QCOMPARE(instance.engineSites()[1].php.address, u"unix:"_s + data() + u"/php/php-fpm.sock"_s);
    QVERIFY2(waitReady(instance.php()), qPrintable(instance.php().message()));

    // The engine stopped: so is the pool.
    const QList<qint64> members = groupMembers(instance.php().pid());
    instance.stop();
    QTRY_COMPARE_WITH_TIMEOUT(instance.php().state(), PoolState::Off, kTimeoutMs);
    for (qint64 member : members)
        QVERIFY(processGone(member));
}

void TestPhpFpmPool::instanceNotInstalledStillServes()
{
    qputenv(PhpFpmSetup::kBinaryVariable, m_dir->filePath(u"nowhere/php-fpm"_s).toUtf8());
    model::VirtualHost plain
        = makeSite(u"static.test"_s, m_dir->filePath(u"www"_s), m_dir->filePath(u"logs"_s), {});
    plain.isDefault = true;
    service::Instance instance(nullptr, data(), [&](QList<model::VirtualHost> *out, QString *) {
        *out = { plain, autoSite() };
        return true;
    });
    int changes = 0;
    connect(&instance, &service::Instance::phpChanged, this, [&changes] { ++changes; });
    model::ServerConfig config;
    config.port = 0;
    config.threads = 1;
    config.dataFolder = data();
    QString error;
    QElapsedTimer clock;
    clock.start();
    QVERIFY2(instance.start(config, &error), qPrintable(error));
    QVERIFY(clock.elapsed() < 5000);
    QCOMPARE(instance.php().state(), PoolState::NotInstalled);
    QVERIFY(instance.php().message().contains(u"php8.2-fpm"_s));
    QVERIFY(changes >= 1);
    QCOMPARE(httpStatus(instance.server().port(), "static.test"), 200);
}

QTEST_GUILESS_MAIN(TestPhpFpmPool)
#include "tst_phpfpmpool.moc"
