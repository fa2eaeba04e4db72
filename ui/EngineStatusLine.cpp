#include "ui/EngineStatusLine.h"

#include "ui/EngineController.h"
#include "ui/Format.h"
#include "ui/Tint.h"

#include <QClipboard>
#include <QEvent>
#include <QFrame>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

using namespace Qt::StringLiterals;

namespace hostbench::ui {

namespace {
QFrame *separator(QWidget *parent)
{
    auto *line = new QFrame(parent);
    line->setFrameShape(QFrame::VLine);
    line->setFrameShadow(QFrame::Sunken);
    return line;
}
} // namespace

EngineStatusLine::EngineStatusLine(EngineController &engine, QWidget *parent)
    : QWidget(parent)
    , m_engine(engine)
    , m_state(new QLabel(this))
    , m_url(new QLabel(this))
    , m_copy(new QToolButton(this))
    , m_rate(new QLabel(this))
    , m_connections(new QLabel(this))
{
    setObjectName(u"engineStatusLine"_s);
    m_state->setObjectName(u"statusState"_s);
    m_url->setObjectName(u"statusUrl"_s);
    m_copy->setObjectName(u"statusCopyUrl"_s);
    m_rate->setObjectName(u"statusRate"_s);
    m_connections->setObjectName(u"statusConnections"_s);

    m_url->setTextFormat(Qt::RichText);
    m_url->setOpenExternalLinks(true);
    m_url->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_url->setToolTip(tr("Open in the browser; select to copy"));
    m_copy->setText(tr("Copy"));
    m_copy->setToolTip(tr("Copy the URL"));
    m_copy->setAutoRaise(true);
    m_copy->setToolButtonStyle(Qt::ToolButtonTextOnly);
    // Room for "123,456 req/s" so that the line does not jump at each sample.
    m_rate->setMinimumWidth(m_rate->fontMetrics().horizontalAdvance(u"000,000.0 req/s"_s));
    m_rate->setAlignment(Qt::AlignRight | Qt::AlignVCenter);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->setSpacing(8);
    layout->addWidget(m_state);
    layout->addWidget(m_url);
    layout->addWidget(m_copy);
    m_separators = { separator(this), separator(this) };
    layout->addWidget(m_separators[0]);
    layout->addWidget(m_rate);
    layout->addWidget(m_separators[1]);
    layout->addWidget(m_connections);

    connect(m_copy, &QToolButton::clicked, this, &EngineStatusLine::copyUrl);
    connect(&m_engine, &EngineController::metricsSampled, this, &EngineStatusLine::update);
    connect(&m_engine, &EngineController::runningChanged, this, &EngineStatusLine::update);
    update();
}

void EngineStatusLine::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The URL's link in the new palette's colour.
    if (event->type() == QEvent::PaletteChange)
        Tint::takeLinkColour(m_url);
}

void EngineStatusLine::update()
{
    const bool running = m_engine.isRunning();
    const QString url = m_engine.url();
    if (m_engine.servesAnotherPort()) {
        // Never elsewhere without saying so (the Server page says by whom).
        m_state->setText(tr("Serving (port %1 is taken)").arg(QString::number(m_engine.requestedPort())));
    } else {
        m_state->setText(running ? tr("Serving") : tr("Engine stopped"));
    }
    m_url->setText(running ? u"<a href=\"%1\">%1</a>"_s.arg(url.toHtmlEscaped()) : QString());
    m_url->setProperty("url", url);
    for (QWidget *widget : std::initializer_list<QWidget *> {
             m_url, m_copy, m_rate, m_connections, m_separators[0], m_separators[1] })
        widget->setVisible(running);
    if (!running)
        return;
    m_rate->setText(tr("%1 req/s").arg(Format::rate(m_engine.requestsPerSecond())));
    const qint64 open = m_engine.metrics().openConnections;
    m_connections->setText(tr("%n open connection(s)", nullptr, int(open)));
}

void EngineStatusLine::copyUrl()
{
    QGuiApplication::clipboard()->setText(m_engine.url());
}

} // namespace hostbench::ui
