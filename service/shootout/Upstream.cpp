#include "shootout/Upstream.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <unistd.h>

namespace hostbench::shootout {

using namespace Qt::StringLiterals;

namespace {

QString logTail(const QString &file)
{
    QFile input(file);
    if (!input.open(QIODevice::ReadOnly))
        return {};
    if (input.size() > 2000)
        input.seek(input.size() - 2000);
    return QString::fromUtf8(input.readAll()).trimmed();
}

// nginx's string syntax: a double-quoted string with \ and " escaped.
QString nginxString(const QByteArray &bytes)
{
    QString out = QString::fromUtf8(bytes);
    out.replace(u'\\', u"\\\\"_s).replace(u'"', u"\\\""_s);
    return u'"' + out + u'"';
}

} // namespace

bool Upstream::writeNginxConf(const QList<Workload> &proxied, const QString &conf, QString *error) const
{
    const QDir prefix(m_prefix);
    QString locations;
    for (const Workload &workload : proxied)
        locations += u"        location = %1 { default_type text/plain; return 200 %2; }\n"_s.arg(
            workload.path, nginxString(workload.fixedBody));
    QString text = u"worker_processes 1;\n"_s;
    if (::geteuid() == 0)
        text += u"user root;\n"_s;
    text += u"pid %1;\nerror_log %2 warn;\nevents { worker_connections 16384; }\nhttp {\n"
            "    access_log off;\n    keepalive_requests 1000000;\n    keepalive_timeout 75s;\n"_s.arg(
                prefix.filePath(u"nginx.pid"_s), prefix.filePath(u"logs/error.log"_s));
    for (const QString &temp : { u"client_body"_s, u"proxy"_s, u"fastcgi"_s, u"uwsgi"_s, u"scgi"_s })
        text += u"    %1_temp_path %2;\n"_s.arg(temp, prefix.filePath(u"temp/"_s + temp));
    text += u"    server {\n        listen 127.0.0.1:%1 backlog=4096;\n"_s.arg(m_port) + locations
        + u"    }\n}\n"_s;
    QFile file(conf);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(text.toUtf8()) < 0
        || !file.flush()) {
        *error = u"cannot write %1: %2"_s.arg(conf, file.errorString());
        return false;
    }
    return true;
}

bool Upstream::start(const QList<Workload> &proxied, const QString &nginx, const QString &hostbenchCli,
    quint16 port, const QString &prefix, int cpu, int readyMs, QString *error)
{
    m_prefix = QDir(prefix).absolutePath();
    m_port = port;
    m_nginx = !nginx.isEmpty();
    m_program = m_nginx ? nginx : hostbenchCli;
    QDir().mkpath(QDir(m_prefix).filePath(u"logs"_s));
    QDir().mkpath(QDir(m_prefix).filePath(u"temp"_s));
    QDir().mkpath(QDir(m_prefix).filePath(u"site"_s));
    QStringList arguments;
    if (m_nginx) {
        const QString conf = QDir(m_prefix).filePath(u"nginx.conf"_s);
        if (!writeNginxConf(proxied, conf, error))
            return false;
        arguments = { u"-p"_s, m_prefix, u"-c"_s, conf, u"-e"_s, QDir(m_prefix).filePath(u"logs/error.log"_s),
            u"-g"_s, u"daemon off;"_s };
    } else {
        arguments = { u"serve"_s, u"--listen"_s, u"127.0.0.1:%1"_s.arg(port), u"--threads"_s, u"1"_s,
            u"--control"_s, u"off"_s, u"--default"_s, QDir(m_prefix).filePath(u"site"_s), u"--access-log"_s,
            u"off"_s, u"--error-log"_s, QDir(m_prefix).filePath(u"logs/error.log"_s) };
        for (const Workload &workload : proxied)
            arguments << u"--route"_s << workload.path + u'=' + QString::fromUtf8(workload.fixedBody);
        if (::geteuid() == 0)
            arguments << u"--user"_s << u"root"_s;
    }
    const QString log = QDir(m_prefix).filePath(u"output.log"_s);
    if (m_process.start(m_program, arguments, m_prefix, log, cpu, port, readyMs, error))
        return true;
    const QString tail = logTail(log) + u'\n' + logTail(QDir(m_prefix).filePath(u"logs/error.log"_s));
    *error = u"the upstream (%1) did not start: %2"_s.arg(QFileInfo(m_program).fileName(), *error);
    if (!tail.trimmed().isEmpty())
        *error += u'\n' + tail.trimmed();
    return false;
}

void Upstream::stop()
{
    m_process.stop();
}

QString Upstream::url() const
{
    return u"http://127.0.0.1:%1"_s.arg(m_port);
}

QString Upstream::describe() const
{
    return u"%1 (%2) on 127.0.0.1:%3, pid %4"_s.arg(QFileInfo(m_program).fileName(),
        m_nginx ? u"1 worker, return 200"_s : u"1 thread, fixed routes"_s, QString::number(m_port),
        QString::number(m_process.pid()));
}

} // namespace hostbench::shootout
