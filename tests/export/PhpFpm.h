#pragma once

// A PHP-FPM pool for tests (issue #25): Debian's php-fpm8.2 (or another
// php-fpm* on the PATH or in /usr/sbin) started as a child on a
// configuration written under a folder of the test's, listening on a Unix
// socket there (mode 0666, so that a server's workers that switched users
// reach it), `pm = static` with a few children, as root with
// --allow-to-run-as-root; with a TCP port, a second pool listens on
// 127.0.0.1:PORT too. Stopped by its PID (SIGTERM, then SIGKILL) when
// destroyed. Thread: the test's.

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QTcpSocket>
#include <QThread>

#include <unistd.h>

namespace hostbench::test {

class PhpFpm final
{
public:
    PhpFpm() = default;
    PhpFpm(const PhpFpm &) = delete;
    PhpFpm &operator=(const PhpFpm &) = delete;
    ~PhpFpm() { stop(); }

    // The php-fpm binary, empty when none is installed.
    static QString program()
    {
        for (const QString &name : { QStringLiteral("php-fpm8.2"), QStringLiteral("php-fpm") }) {
            QString path = QStandardPaths::findExecutable(name);
            if (path.isEmpty())
                path = QStandardPaths::findExecutable(name, { QStringLiteral("/usr/sbin") });
            if (!path.isEmpty())
                return path;
        }
        return {};
    }

    // Writes the configuration into `dir` and starts the pool (and one on
    // 127.0.0.1:tcpPort unless 0); true once its socket exists and the TCP
    // pool answers, else false with its log in *error.
    bool start(const QString &dir, QString *error, quint16 tcpPort = 0, int children = 4)
    {
        m_dir = dir;
        QDir().mkpath(dir);
        const bool root = ::geteuid() == 0;
        QString config = QStringLiteral("[global]\npid = %1/php-fpm.pid\nerror_log = %1/php-fpm.log\n"
                                        "daemonize = no\n\n[hostbench]\nlisten = %2\nlisten.mode = 0666\n"
                                        "pm = static\npm.max_children = %3\ncatch_workers_output = yes\n"
                                        "security.limit_extensions = .php\n")
                             .arg(dir, socket(), QString::number(children));
        if (root)
            config += QStringLiteral("user = root\ngroup = root\n");
        if (tcpPort != 0) {
            config += QStringLiteral(
                "\n[hostbench-tcp]\nlisten = 127.0.0.1:%1\npm = static\npm.max_children = %2\n"
                "catch_workers_output = yes\nsecurity.limit_extensions = .php\n")
                          .arg(QString::number(tcpPort), QString::number(children));
            if (root)
                config += QStringLiteral("user = root\ngroup = root\n");
        }
        QFile file(dir + QStringLiteral("/php-fpm.conf"));
        if (!file.open(QIODevice::WriteOnly) || file.write(config.toUtf8()) != config.toUtf8().size()) {
            *error = QStringLiteral("cannot write ") + file.fileName();
            return false;
        }
        file.close();
        QStringList arguments { QStringLiteral("--nodaemonize"), QStringLiteral("--fpm-config"),
            file.fileName(), QStringLiteral("-p"), dir };
        if (root)
            arguments.append(QStringLiteral("--allow-to-run-as-root"));
        m_process.setProcessChannelMode(QProcess::MergedChannels);
        m_process.start(program(), arguments);
        QDeadlineTimer deadline(20'000);
        const auto ready = [&] {
            if (!QFileInfo::exists(socket()))
                return false;
            if (tcpPort == 0)
                return true;
            QTcpSocket probe;
            probe.connectToHost(QHostAddress::LocalHost, tcpPort);
            return probe.waitForConnected(1000);
        };
        while (!deadline.hasExpired() && m_process.state() != QProcess::NotRunning && !ready())
            m_process.waitForFinished(50);
        if (m_process.state() == QProcess::Running && ready())
            return true;
        *error = QStringLiteral("php-fpm did not start: ") + log();
        return false;
    }

    QString socket() const { return m_dir + QStringLiteral("/php-fpm.sock"); }

    // Its error log and what it printed.
    QString log()
    {
        QFile file(m_dir + QStringLiteral("/php-fpm.log"));
        const QByteArray text = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
        return QString::fromLocal8Bit(text + m_process.readAll());
    }

    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        m_process.terminate(); // SIGTERM to its PID: php-fpm stops its children
        if (!m_process.waitForFinished(10'000)) {
            m_process.kill();
            m_process.waitForFinished();
        }
    }

private:
    QString m_dir;
    QProcess m_process;
};

} // namespace hostbench::test
