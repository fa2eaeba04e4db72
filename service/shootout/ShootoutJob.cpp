#include "shootout/ShootoutJob.h"

namespace hostbench::shootout {

namespace {

constexpr int kStartMs = 10'000;
constexpr int kStopMs = 15'000;

} // namespace

ShootoutJob::ShootoutJob(QObject *parent)
    : QObject(parent)
{ }

ShootoutJob::~ShootoutJob()
{
    if (!isRunning())
        return;
    m_process->disconnect(this);
    m_process->terminate();
    if (!m_process->waitForFinished(kStopMs))
        m_process->kill();
    m_process->waitForFinished(3000);
}

bool ShootoutJob::isRunning() const
{
    return m_process && m_process->state() != QProcess::NotRunning;
}

bool ShootoutJob::start(const QString &program, ShootoutOptions options, QString *error)
{
    if (isRunning()) {
        *error = QStringLiteral("a shootout is running already");
        return false;
    }
    options.progress = ShootoutOptions::Progress::Json;
    m_arguments = options.arguments();
    delete m_process;
    m_process = new QProcess(this);
    m_process->setProgram(program);
    m_process->setArguments(m_arguments);
    m_pending.clear();
    connect(m_process, &QProcess::readyReadStandardError, this, &ShootoutJob::readErrors);
    connect(m_process, &QProcess::finished, this, &ShootoutJob::processFinished);
    m_process->start();
    if (!m_process->waitForStarted(kStartMs)) {
        *error = m_process->errorString();
        return false;
    }
    return true;
}

void ShootoutJob::stop()
{
    if (isRunning())
        m_process->terminate();
}

void ShootoutJob::readErrors()
{
    m_pending += m_process->readAllStandardError();
    qsizetype end = 0;
    while ((end = m_pending.indexOf('\n')) >= 0) {
        const QByteArray line = m_pending.left(end);
        m_pending.remove(0, end + 1);
        handleLine(line);
    }
}

void ShootoutJob::handleLine(const QByteArray &line)
{
    if (const std::optional<ShootoutEvent> parsed = ShootoutEvent::fromJson(line))
        emit event(*parsed);
    else if (!line.trimmed().isEmpty())
        emit this->line(QString::fromUtf8(line));
}

void ShootoutJob::processFinished(int exitCode, QProcess::ExitStatus status)
{
    readErrors();
    if (!m_pending.isEmpty())
        handleLine(m_pending);
    m_pending.clear();
    const QString out = QString::fromUtf8(m_process->readAllStandardOutput()).trimmed();
    if (!out.isEmpty())
        emit line(out);
    emit finished(exitCode, status != QProcess::NormalExit);
}

} // namespace hostbench::shootout
