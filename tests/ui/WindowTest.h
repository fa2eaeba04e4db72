#pragma once

// What the tests that drive the whole window share (tst_mainwindow,
// tst_chartlegends, tst_darkpalette, tst_enginecharts, tst_trayicon): a data
// folder in a temporary directory whose engine and control API listen on free
// ports, the MainWindow on it, its widgets found by objectName, a short run
// from the Benchmark page, the texts its charts draw.
#include "model/ServerConfig.h"
#include "storage/DataFolder.h"
#include "ui/AppSettings.h"
#include "ui/BenchmarkPage.h"
#include "ui/EngineController.h"
#include "ui/MainWindow.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QPushButton>
#include <QRadioButton>
#include <QSize>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

#include <memory>

namespace hostbench::test {

/*
 * A base of a test class (after QObject): owns the temporary directory, the
 * data folder and the window, in that order of making. Its functions fail the
 * running test (QVERIFY) on what they cannot do. GUI thread.
 */
class WindowTest
{
protected:
    static constexpr int kRunTimeoutMs = 30000; // generous: the suite runs on two busy cores

    // A new data folder, "data" under a new temporary directory: the engine on
    // port 0 (any free port, never the defaults a Hostbench on this machine
    // may hold) with two worker threads, the control API on port 0.
    void openFolder()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        QVERIFY(m_dir->isValid());
        m_folder = std::make_unique<storage::DataFolder>();
        QString error;
        QVERIFY2(m_folder->open(m_dir->filePath(QStringLiteral("data")), &error), qPrintable(error));
        model::ServerConfig config = m_folder->database().serverConfig();
        config.port = 0;
        config.threads = 2;
        QVERIFY(m_folder->database().saveServerConfig(config));
        ui::AppSettings(m_folder->database()).setControlApiPort(0);
    }

    // The window on the folder of openFolder(), at `size` if one is given, shown and exposed.
    void openWindow(QSize size = {})
    {
        QVERIFY(m_folder);
        m_window = std::make_unique<ui::MainWindow>(*m_folder);
        if (size.isValid())
            m_window->resize(size);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    // The window first (it stops the engine and uses the folder's database), then the folder and the
    // directory.
    void closeAll()
    {
        m_window.reset();
        m_folder.reset();
        m_dir.reset();
    }

    // The window's widget named `name`, or null (with a warning that names it).
    template <typename T> T *widget(const QString &name) const
    {
        T *found = m_window->findChild<T *>(name);
        if (!found)
            qWarning("no widget named %s", qPrintable(name));
        return found;
    }

    // Brings the page named `pageName` to the front by clicking its tab, as a person does.
    void showTab(const QString &pageName)
    {
        auto *tabs = widget<QTabWidget>(QStringLiteral("mainTabs"));
        QVERIFY(tabs);
        QWidget *page = widget<QWidget>(pageName);
        QVERIFY(page);
        const int index = tabs->indexOf(page);
        QVERIFY(index >= 0);
        QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(index).center());
        QTRY_COMPARE(tabs->currentWidget(), page);
        QTRY_VERIFY(page->isVisible());
    }

    // Starts a run of `seconds` from the Benchmark page against the window's
    // own (running) engine: 4 connections with keep-alive, one thread.
    // Returns once it runs; the page need not show.
    void startRun(int seconds)
    {
        widget<QComboBox>(QStringLiteral("benchUrl"))->setCurrentText(m_window->engine().url());
        widget<QSpinBox>(QStringLiteral("benchConcurrency"))->setValue(4);
        widget<QRadioButton>(QStringLiteral("benchByDuration"))->setChecked(true);
        widget<QSpinBox>(QStringLiteral("benchDuration"))->setValue(seconds);
        widget<QSpinBox>(QStringLiteral("benchThreads"))->setValue(1);
        widget<QCheckBox>(QStringLiteral("benchKeepAlive"))->setChecked(true);
        QTest::mouseClick(widget<QPushButton>(QStringLiteral("benchStart")), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(
            widget<ui::BenchmarkPage>(QStringLiteral("benchmarkPage"))->isRunning(), kRunTimeoutMs);
    }

    // The text a chart draws with `item` (a title, an axis or legend label), or empty.
    static QString chartText(const QGraphicsItem *item)
    {
        if (const auto *rich = dynamic_cast<const QGraphicsTextItem *>(item))
            return rich->document()->toPlainText();
        if (const auto *plain = dynamic_cast<const QGraphicsSimpleTextItem *>(item))
            return plain->text();
        return {};
    }

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<storage::DataFolder> m_folder;
    std::unique_ptr<ui::MainWindow> m_window;
};

} // namespace hostbench::test
