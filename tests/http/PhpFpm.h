#pragma once

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QThread>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

/*
 * A real PHP-FPM (Debian's php8.2-fpm, or whichever php-fpm* is on the
 * PATH or in /usr/sbin) run by a test as its child, in its own process
 * group, with a configuration written into `prefix` (a QTemporaryDir the
 * test owns): [global] pid and error_log under the prefix, no daemon; one
 * pool "test" listening on `prefix`/php.sock, pm = static with `children`
 * workers, its status page at statusPath, catch_workers_output, uploads and
 * POST bodies up to 64M, output_buffering off, and `extraPool` lines
 * appended to the pool section. As root it runs as root
 * (--allow-to-run-as-root). stop() (and the destructor) end it by its PID
 * (SIGQUIT, then SIGKILL to the whole group); kill() kills the group at
 * once. Test code only; thread: the test's.
 */
class PhpFpm final
{
public:
    static constexpr const char *kStatusPath = "/fpm-status.php";

    explicit PhpFpm(QString prefix, int children = 4, QStringList extraPool = {})
        : m_prefix(std::move(prefix))
        , m_children(children)
        , m_extraPool(std::move(extraPool))
    { }
    ~PhpFpm() { stop(); }
    PhpFpm(const PhpFpm &) = delete;
    PhpFpm &operator=(const PhpFpm &) = delete;

    // The php-fpm binary, or empty when none is installed.
    static QString binary()
    {
        for (const QString &name : { QStringLiteral("php-fpm8.2"), QStringLiteral("php-fpm") }) {
            for (const QString &folder : { QStringLiteral("/usr/sbin"), QStringLiteral("/usr/bin"),
                     QStringLiteral("/usr/local/sbin") }) {
                const QString path = folder + u'/' + name;
                if (QFileInfo(path).isExecutable())
                    return path;
            }
        }
        return {};
    }

    QString socketPath() const { return m_prefix + QStringLiteral("/php.sock"); }
    QString address() const { return QStringLiteral("unix:") + socketPath(); }
    QString logPath() const { return m_prefix + QStringLiteral("/php-fpm.log"); }
    qint64 pid() const { return m_process.processId(); }
    bool isRunning() const { return m_process.state() == QProcess::Running; }

    // Starts it and waits (at most 15 s) for its socket; false with *error set.
    bool start(QString *error)
    {
        const QString fpm = binary();
        if (fpm.isEmpty()) {
            *error = QStringLiteral("no php-fpm installed (apt-get install php8.2-fpm)");
            return false;
        }
        QFile::remove(socketPath());
        QFile config(m_prefix + QStringLiteral("/php-fpm.conf"));
        if (!config.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
            *error = QStringLiteral("cannot write ") + config.fileName();
            return false;
        }
        config.write(configText().toUtf8());
        config.close();
        QStringList arguments { QStringLiteral("--nodaemonize"), QStringLiteral("--fpm-config"),
            config.fileName(), QStringLiteral("-p"), m_prefix };
        if (::geteuid() == 0)
            arguments << QStringLiteral("--allow-to-run-as-root");
        m_process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        m_process.setChildProcessModifier([] { ::setsid(); }); // its own group: kill() reaches the workers
        m_process.start(fpm, arguments);
        if (!m_process.waitForStarted(10000)) {
            *error = QStringLiteral("php-fpm did not start: ") + m_process.errorString();
            return false;
        }
        QElapsedTimer timer;
        timer.start();
        while (!QFileInfo::exists(socketPath())) {
            if (timer.elapsed() > 15000 || m_process.state() != QProcess::Running) {
                *error = QStringLiteral("php-fpm did not listen on ") + socketPath()
                    + QStringLiteral("; its log: ") + readLog();
                stop();
                return false;
            }
            QThread::msleep(20);
        }
        return true;
    }

    // SIGQUIT (graceful), then SIGKILL to the group after 5 s.
    void stop()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        const auto group = pid_t(m_process.processId());
        ::kill(group, SIGQUIT);
        if (!m_process.waitForFinished(5000)) {
            ::kill(-group, SIGKILL);
            m_process.waitForFinished(5000);
        }
        ::kill(-group, SIGKILL); // workers left behind, if any
    }

    // The master and every worker killed at once, as a crash would.
    void kill()
    {
        if (m_process.state() == QProcess::NotRunning)
            return;
        ::kill(-pid_t(m_process.processId()), SIGKILL);
        m_process.waitForFinished(5000);
    }

    QString readLog() const
    {
        QFile log(logPath());
        return log.open(QIODevice::ReadOnly) ? QString::fromUtf8(log.readAll()) : QString();
    }

private:
    QString configText() const
    {
        QStringList lines { QStringLiteral("[global]"),
            QStringLiteral("pid = ") + m_prefix + QStringLiteral("/php-fpm.pid"),
            QStringLiteral("error_log = ") + logPath(), QStringLiteral("daemonize = no"),
            QStringLiteral("[test]"), QStringLiteral("listen = ") + socketPath(),
            QStringLiteral("listen.mode = 0666"), QStringLiteral("pm = static"),
            QStringLiteral("pm.max_children = ") + QString::number(m_children),
            QStringLiteral("pm.status_path = ") + QString::fromLatin1(kStatusPath),
            QStringLiteral("catch_workers_output = yes"),
            QStringLiteral("php_admin_value[upload_max_filesize] = 64M"),
            QStringLiteral("php_admin_value[post_max_size] = 64M"),
            QStringLiteral("php_admin_value[output_buffering] = 0"),
            QStringLiteral("php_admin_value[upload_tmp_dir] = ") + m_prefix };
        if (::geteuid() == 0)
            lines << QStringLiteral("user = root") << QStringLiteral("group = root");
        lines << m_extraPool;
        return lines.join(u'\n') + u'\n';
    }

    QString m_prefix;
    int m_children;
    QStringList m_extraPool;
    QProcess m_process;
};
