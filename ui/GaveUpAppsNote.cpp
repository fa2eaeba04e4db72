#include "ui/GaveUpAppsNote.h"

#include "instance/AppSupervisor.h"
#include "ui/ErrorNote.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QProcess>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

GaveUpAppsNote::GaveUpAppsNote(service::AppSupervisor &apps, QWidget *parent)
    : QWidget(parent)
    , m_apps(apps)
    , m_note(new ErrorNote(this, ErrorNote::Kind::Warning))
    , m_retry(new QPushButton(tr("&Retry"), this))
{
    setObjectName(u"serverAppsGaveUp"_s);
    m_note->setObjectName(u"serverAppsGaveUpNote"_s);
    m_retry->setObjectName(u"serverAppsRetry"_s);
    m_retry->setToolTip(tr("Starts the apps that gave up again, once their cause is fixed."));
    // The button beside the note, not under it: the Server page's column is full at 1024x700.
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note, 1);
    layout->addWidget(m_retry, 0, Qt::AlignTop);

    connect(m_retry, &QPushButton::clicked, this, &GaveUpAppsNote::retry);
    connect(&m_apps, &service::AppSupervisor::appChanged, this, &GaveUpAppsNote::update);
    update();
}

void GaveUpAppsNote::retry()
{
    for (const QString &site : std::as_const(m_sites))
        m_apps.retry(site);
    update();
}

void GaveUpAppsNote::update()
{
    m_sites.clear();
    QStringList lines;
    QStringList tips;
    for (const QString &site : m_apps.sites()) {
        const service::AppProcess *app = m_apps.app(site);
        if (!app || app->state() != service::AppProcess::State::GaveUp)
            continue;
        m_sites.append(site);
        // The program's name: the whole command line is in the tool tip (the column is narrow).
        const QString command = app->spec().app.command;
        const QString program = QFileInfo(QProcess::splitCommand(command).value(0)).fileName();
        lines.append(tr("The app of %1 (%2) %3.").arg(site, program, app->message()));
        tips.append(tr("%1: %2").arg(site, command));
    }
    tips.append(tr("What an app wrote is on the Logs page, in its site's app log."));
    m_note->setToolTip(tips.join(u'\n'));
    m_note->setMessage(lines.join(u'\n'));
    setVisible(!m_sites.isEmpty());
}

} // namespace hostbench::ui
