#include "ui/ExportDialog.h"

#include "export/ConfigWriter.h"
#include "ui/ButtonTexts.h"
#include "ui/FieldError.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QVBoxLayout>

namespace hostbench::ui {

using namespace Qt::StringLiterals;

ExportDialog::ExportDialog(exporter::Server server, const QList<model::VirtualHost> &sites,
    const model::ServerConfig &config, QWidget *parent)
    : QDialog(parent)
    , m_server(server)
    , m_sites(sites)
    , m_config(config)
{
    setObjectName(u"exportDialog"_s);
    const QString name = exporter::ConfigWriter::name(server);
    setWindowTitle(tr("Export to %1").arg(name));

    auto *intro = new QLabel(tr("Writes the %n stored site(s) as %1 configuration, listening on %2 port %3. "
                                "Settings that %1 cannot "
                                "express are comments in the file.",
                                 nullptr, int(sites.size()))
                                 .arg(name, config.listenAddress, QString::number(config.port)),
        this);
    intro->setWordWrap(true);

    auto *form = new QFormLayout;
    form->addRow(tr("File:"), makePathRow(server, name));
    form->addRow(QString(), m_pathError);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    buttons->setObjectName(u"exportButtons"_s);
    ButtonTexts::translate(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &ExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ExportDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(buttons);
}

QLayout *ExportDialog::makePathRow(exporter::Server server, const QString &name)
{
    m_path = new QLineEdit(this);
    m_path->setObjectName(u"exportPath"_s);
    // Caddy looks for a file named Caddyfile; the others take any name.
    m_path->setText(QDir::home().filePath(
        server == exporter::Server::Caddy ? u"Caddyfile"_s : u"hostbench-"_s + name + u".conf"_s));
    // Wide enough for the whole default path (with room to spare), within the screen.
    const int pathWidth = m_path->fontMetrics().horizontalAdvance(m_path->text() + u"MMMMMMMM"_s);
    const QScreen *screen = parentWidget() ? parentWidget()->screen() : QGuiApplication::primaryScreen();
    const int screenWidth = screen ? screen->availableGeometry().width() : 1024;
    m_path->setMinimumWidth(qMin(pathWidth, screenWidth * 2 / 3));
    auto *browse = new QPushButton(tr("Browse..."), this);
    browse->setObjectName(u"exportBrowse"_s);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    m_pathError = new FieldError(m_path, this);
    m_pathError->setObjectName(u"exportPathError"_s);
    connect(m_path, &QLineEdit::textChanged, this, [this] { m_pathError->setMessage({}); });
    return pathRow;
}

void ExportDialog::accept()
{
    const QString text = m_path->text().trimmed();
    if (text.isEmpty()) {
        m_pathError->setMessage(tr("Give the file to write."));
        return;
    }
    exporter::ExportOptions options;
    options.server = m_server;
    options.flavour = exporter::Flavour::Production;
    options.config = m_config;
    options.configPath = QFileInfo(QDir::fromNativeSeparators(text)).absoluteFilePath();
    options.routesDir = options.configPath + u".d/routes"_s;
    QString error;
    const std::optional<exporter::ExportResult> result
        = exporter::ConfigWriter::write(m_sites, options, &error);
    if (!result || !exporter::ConfigWriter::save(*result, &error)) {
        m_pathError->setMessage(tr("Not written: %1").arg(error));
        return;
    }
    m_written = options.configPath;
    m_command = exporter::ConfigWriter::shellLine(result->command);
    QDialog::accept();
}

void ExportDialog::browse()
{
    // Qt's own dialog: the same everywhere, and drivable by tests.
    const QString path
        = QFileDialog::getSaveFileName(this, tr("Export to %1").arg(exporter::ConfigWriter::name(m_server)),
            m_path->text(), {}, nullptr, QFileDialog::DontUseNativeDialog);
    if (!path.isEmpty())
        m_path->setText(QDir::toNativeSeparators(path));
}

} // namespace hostbench::ui
