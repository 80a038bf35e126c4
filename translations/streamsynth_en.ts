<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>SupportText</name>
    <message numerus="yes">
        <source>%1: each %2 is fitted from its own rows only, so no %2 can show %n attribute(s), which will look close to uniform, or like noise, in its releases: %3</source>
        <translation>
            <numerusform>%1: each %2 is fitted from its own rows only, so no %2 can show %n attribute, which will look close to uniform, or like noise, in its releases: %3</numerusform>
            <numerusform>%1: each %2 is fitted from its own rows only, so no %2 can show %n attributes, which will look close to uniform, or like noise, in its releases: %3</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ContinueEndDialog</name>
    <message numerus="yes">
        <source>The session&apos;s stream ends after %n step(s). Rows after the end are left out: to release new periods, give a later public end.</source>
        <translation>
            <numerusform>The session&apos;s stream ends after %n step. Rows after the end are left out: to release new periods, give a later public end.</numerusform>
            <numerusform>The session&apos;s stream ends after %n steps. Rows after the end are left out: to release new periods, give a later public end.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::DocumentController</name>
    <message numerus="yes">
        <source>&lt;p&gt;The release-mode run released %n step(s): their privacy budget is spent and they cannot be released again.&lt;/p&gt;&lt;p&gt;Its releases and its session (saved before each step&apos;s files) are kept in&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;StreamSynth never deletes them. Export a copy now, or keep them in that folder, before you %2?&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;The release-mode run released %n step: its privacy budget is spent and it cannot be released again.&lt;/p&gt;&lt;p&gt;Its releases and its session (saved before each step&apos;s files) are kept in&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;StreamSynth never deletes them. Export a copy now, or keep them in that folder, before you %2?&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;The release-mode run released %n steps: their privacy budget is spent and they cannot be released again.&lt;/p&gt;&lt;p&gt;Its releases and its session (saved before each step&apos;s files) are kept in&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;StreamSynth never deletes them. Export a copy now, or keep them in that folder, before you %2?&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;%n step(s) of the last run are not saved in a session. Without a session they cannot be continued with new rows, and their results are lost.&lt;/p&gt;&lt;p&gt;Save a session before you %1?&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;%n step of the last run is not saved in a session. Without a session it cannot be continued with new rows, and its results are lost.&lt;/p&gt;&lt;p&gt;Save a session before you %1?&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;%n steps of the last run are not saved in a session. Without a session they cannot be continued with new rows, and their results are lost.&lt;/p&gt;&lt;p&gt;Save a session before you %1?&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not saved: %n step(s) of the last run, before you %1</source>
        <translation>
            <numerusform>Not saved: %n step of the last run, before you %1</numerusform>
            <numerusform>Not saved: %n steps of the last run, before you %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ExperimentPanel</name>
    <message numerus="yes">
        <source>%n budgets (%1) each run as series of their own; a comma separates budgets (one and a half is 1.5).</source>
        <translation>
            <numerusform>%n budget (%1) runs as a series of its own; a comma separates budgets (one and a half is 1.5).</numerusform>
            <numerusform>%n budgets (%1) each run as series of their own; a comma separates budgets (one and a half is 1.5).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ExportController</name>
    <message numerus="yes">
        <source>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds %n file(s) that are not an earlier StreamSynth export (%2). An export never writes among other files.&lt;/p&gt;&lt;p&gt;Choose another folder (a new name is fine).&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds %n file that is not an earlier StreamSynth export (%2). An export never writes among other files.&lt;/p&gt;&lt;p&gt;Choose another folder (a new name is fine).&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds %n files that are not an earlier StreamSynth export (%2). An export never writes among other files.&lt;/p&gt;&lt;p&gt;Choose another folder (a new name is fine).&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds an earlier export (%2, %n file(s)).&lt;/p&gt;&lt;p&gt;Replace that export (its files are removed first, so the two never mix), or choose another folder?&lt;/p&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds an earlier export (%2, %n file).&lt;/p&gt;&lt;p&gt;Replace that export (its file is removed first, so the two never mix), or choose another folder?&lt;/p&gt;</numerusform>
            <numerusform>&lt;p&gt;The folder &lt;b&gt;%1&lt;/b&gt; holds an earlier export (%2, %n files).&lt;/p&gt;&lt;p&gt;Replace that export (its files are removed first, so the two never mix), or choose another folder?&lt;/p&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n release(s), one CSV per step with its manifest, and manifest.json listing every file and its SHA-256.</source>
        <translation>
            <numerusform>%n release, one CSV per step with its manifest, and manifest.json listing every file and its SHA-256.</numerusform>
            <numerusform>%n releases, one CSV per step with its manifest, and manifest.json listing every file and its SHA-256.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) (%1) to %2, listed with their SHA-256 in manifest.json.</source>
        <translation>
            <numerusform>Exported %n file (%1) to %2, listed with its SHA-256 in manifest.json.</numerusform>
            <numerusform>Exported %n files (%1) to %2, listed with their SHA-256 in manifest.json.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n step(s) skipped: their release is not available</source>
        <translation>
            <numerusform>%n step skipped: its release is not available</numerusform>
            <numerusform>%n steps skipped: their releases are not available</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::LedgerView</name>
    <message numerus="yes">
        <source>Across series: publishing all %n series together costs %1 (they read the same rows, so their budgets add up).</source>
        <translation>
            <numerusform>Across series: publishing the %n series costs %1.</numerusform>
            <numerusform>Across series: publishing all %n series together costs %1 (they read the same rows, so their budgets add up).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::PrivacyWords</name>
    <message numerus="yes">
        <source>ε = %1 in total for the %n published series: a conclusion about %4 becomes at most %2 times more or less likely (%3); each other series published would add its ε</source>
        <translation>
            <numerusform>ε = %1 in total for the %n published series: a conclusion about %4 becomes at most %2 times more or less likely (%3); each other series published would add its ε</numerusform>
            <numerusform>ε = %1 in total for the %n published series: a conclusion about %4 becomes at most %2 times more or less likely (%3); each other series published would add its ε</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::ReleaseConfirmDialog</name>
    <message numerus="yes">
        <source>&lt;p&gt;&lt;b&gt;Release mode spends real privacy budget on publishable releases of “%1”.&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%n series spend their budget for the whole stream: %2. Each row of the data is counted at one step only, so the budget holds for the whole stream (it protects each row, not each person: someone with several rows is protected less).&lt;/li&gt;</source>
        <translation>
            <numerusform>&lt;p&gt;&lt;b&gt;Release mode spends real privacy budget on publishable releases of “%1”.&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%n series spends its budget for the whole stream: %2. Each row of the data is counted at one step only, so the budget holds for the whole stream (it protects each row, not each person: someone with several rows is protected less).&lt;/li&gt;</numerusform>
            <numerusform>&lt;p&gt;&lt;b&gt;Release mode spends real privacy budget on publishable releases of “%1”.&lt;/b&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;%n series spend their budget for the whole stream: %2. Each row of the data is counted at one step only, so the budget holds for the whole stream (it protects each row, not each person: someone with several rows is protected less).&lt;/li&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;li&gt;&lt;b&gt;Publishing all %n series together costs %1&lt;/b&gt;: they read the same rows, so their budgets add up. Tick the series to publish below; the others run for comparison only and release nothing.&lt;/li&gt;</source>
        <translation>
            <numerusform>&lt;li&gt;&lt;b&gt;Publishing the %n series costs %1&lt;/b&gt;. Tick it below to publish it; left unticked, it runs for comparison only and releases nothing.&lt;/li&gt;</numerusform>
            <numerusform>&lt;li&gt;&lt;b&gt;Publishing all %n series together costs %1&lt;/b&gt;: they read the same rows, so their budgets add up. Tick the series to publish below; the others run for comparison only and release nothing.&lt;/li&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release files: about %1 in %n step file(s) (%2; about %3 per 1,000 rows).</source>
        <translation>
            <numerusform>Release files: about %1 in %n step file (%2; about %3 per 1,000 rows).</numerusform>
            <numerusform>Release files: about %1 in %n step files (%2; about %3 per 1,000 rows).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Release files: %n step file(s) (%1) of about %2 per 1,000 rows; the rows per step are private, so the total is not estimated.</source>
        <translation>
            <numerusform>Release files: %n step file (%1) of about %2 per 1,000 rows; the rows per step are private, so the total is not estimated.</numerusform>
            <numerusform>Release files: %n step files (%1) of about %2 per 1,000 rows; the rows per step are private, so the total is not estimated.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::RunStatus</name>
    <message numerus="yes">
        <source>%n series at step %1</source>
        <translation>
            <numerusform>%n series at step %1</numerusform>
            <numerusform>%n series at step %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamsynth::ui::SupportNotice</name>
    <message numerus="yes">
        <source>Support check (%n finding(s)): attributes drowned by the noise in a single step may need many steps to show, or stay nearly uniform (a larger ε or a longer period helps). Details in the Log tab; from the private data, for you only.</source>
        <translation>
            <numerusform>Support check (%n finding): attributes drowned by the noise in a single step may need many steps to show, or stay nearly uniform (a larger ε or a longer period helps). Details in the Log tab; from the private data, for you only.</numerusform>
            <numerusform>Support check (%n findings): attributes drowned by the noise in a single step may need many steps to show, or stay nearly uniform (a larger ε or a longer period helps). Details in the Log tab; from the private data, for you only.</numerusform>
        </translation>
    </message>
</context>
</TS>
